import { Editor, Element, Transforms } from 'slate';
import { paragraph, type ImageElement, type TopBlock } from '../html/document';
import { ensureSelection, inside, topBlockIndex } from './queries';

// Inserting images (inline, at the cursor) and whole blocks (tables, rules) after the current block.

export function insertImages(editor: Editor, images: Array<{ url: string; alt: string }>) {
  ensureSelection(editor);
  if (inside(editor, 'code-block')) Transforms.select(editor, Editor.end(editor, []));
  const nodes: ImageElement[] = images.map(({ url, alt }) => (alt ? { type: 'image', url, alt, children: [{ text: '' }] } : { type: 'image', url, children: [{ text: '' }] }));
  Transforms.insertNodes(editor, nodes);
  // The cursor lands inside the last (void) image: step past it so typing goes on after it.
  Transforms.move(editor);
}

const isBlankParagraph = (editor: Editor, n: unknown) => Element.isElement(n) && n.type === 'paragraph' && Editor.isEmpty(editor, n);

/** Puts blocks after the top-level block of the cursor (or in place of it when it is an empty paragraph). */
export function insertBlocks(editor: Editor, blocks: TopBlock[]) {
  const index = topBlockIndex(editor);
  const current = editor.children[index];
  Editor.withoutNormalizing(editor, () => {
    const at = isBlankParagraph(editor, current) ? index : index + 1;
    if (at === index) Transforms.removeNodes(editor, { at: [index] });
    Transforms.insertNodes(editor, blocks, { at: [at] });
    const after = at + blocks.length;
    if (!isBlankParagraph(editor, editor.children[after])) Transforms.insertNodes(editor, paragraph(), { at: [after] });
    Transforms.select(editor, Editor.start(editor, [at]));
  });
}

export function insertRule(editor: Editor) {
  insertBlocks(editor, [{ type: 'hr', children: [{ text: '' }] }]);
  // The cursor goes to the paragraph after the rule.
  const index = topBlockIndex(editor);
  Transforms.select(editor, Editor.start(editor, [index + 1]));
}
