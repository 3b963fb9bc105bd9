import { Editor, Element, Transforms } from 'slate';
import { LIST_TYPES, type Align, type HeadingLevel, type ListType } from '../html/document';
import { currentTextBlock, isTextBlock, isType, selectedTextBlocks } from './queries';

// Block formatting: paragraph / headings / quote / code block, lists and alignment.

export const BLOCK_KINDS = ['paragraph', 'h1', 'h2', 'h3', 'h4'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number] | 'quote' | 'code-block';

const isList = isType(...LIST_TYPES);
/** Blocks a format applies to: table cells keep being cells. */
const formattable = (n: unknown) => isTextBlock(n) && n.type !== 'table-cell';

export function currentBlockKind(editor: Editor): BlockKind | null {
  const entry = currentTextBlock(editor);
  if (!entry) return null;
  const [block] = entry;
  if (block.type === 'heading') return block.level <= 4 ? (`h${block.level}` as BlockKind) : 'h4';
  if (block.type === 'quote' || block.type === 'code-block') return block.type;
  return block.type === 'table-cell' ? null : 'paragraph';
}

export function setBlockKind(editor: Editor, kind: BlockKind) {
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isList, split: true });
    if (kind.startsWith('h')) {
      Transforms.setNodes(editor, { type: 'heading', level: Number(kind.slice(1)) as HeadingLevel }, { match: formattable });
      return;
    }
    Transforms.unsetNodes(editor, 'level', { match: formattable });
    Transforms.setNodes(editor, { type: kind as 'paragraph' | 'quote' | 'code-block' }, { match: formattable });
  });
}

/** Toggles a block kind: applying the current one again goes back to a paragraph. */
export function toggleBlockKind(editor: Editor, kind: 'quote' | 'code-block') {
  setBlockKind(editor, currentBlockKind(editor) === kind ? 'paragraph' : kind);
}

export function isListActive(editor: Editor, type: ListType): boolean {
  const blocks = selectedTextBlocks(editor);
  return (
    blocks.length > 0 &&
    blocks.every(([, path]) => {
      const parent = Editor.parent(editor, path)[0];
      return Element.isElement(parent) && parent.type === type;
    })
  );
}

export function toggleList(editor: Editor, type: ListType) {
  const active = isListActive(editor, type);
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isList, split: true });
    Transforms.unsetNodes(editor, 'level', { match: formattable });
    Transforms.setNodes(editor, { type: active ? 'paragraph' : 'list-item' }, { match: formattable });
    if (!active) Transforms.wrapNodes(editor, { type, children: [] }, { match: isType('list-item') });
  });
}

export function currentAlign(editor: Editor): Align {
  const entry = currentTextBlock(editor);
  const block = entry?.[0];
  return (block && 'align' in block && block.align) || 'left';
}

const alignable = (n: unknown) => isTextBlock(n) && n.type !== 'code-block';

/** Left is the default: choosing it removes the alignment. */
export function setAlign(editor: Editor, align: Align) {
  if (align === 'left') Transforms.unsetNodes(editor, 'align', { match: alignable });
  else Transforms.setNodes(editor, { align }, { match: alignable });
}
