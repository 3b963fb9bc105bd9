import { Editor, Element, Range, Transforms, type NodeEntry, type Path } from 'slate';
import { TEXT_BLOCK_TYPES, type EditorElement, type TextBlock } from '../html/document';
import '../types';

// Questions about where the selection is, shared by the commands and the toolbar.

export const isTextBlock = (n: unknown): n is TextBlock => Element.isElement(n) && (TEXT_BLOCK_TYPES as readonly string[]).includes(n.type);
export const isType =
  <T extends EditorElement['type']>(...types: T[]) =>
  (n: unknown): n is Extract<EditorElement, { type: T }> =>
    Element.isElement(n) && (types as string[]).includes(n.type);

/** The text blocks the selection touches (deepest first per branch). */
export function selectedTextBlocks(editor: Editor): NodeEntry<TextBlock>[] {
  if (!editor.selection) return [];
  return Array.from(Editor.nodes<TextBlock>(editor, { match: isTextBlock, mode: 'lowest' }));
}

/** The text block the selection starts in. */
export function currentTextBlock(editor: Editor): NodeEntry<TextBlock> | undefined {
  if (!editor.selection) return undefined;
  return Editor.above<TextBlock>(editor, { at: Range.start(editor.selection), match: isTextBlock, mode: 'lowest' });
}

export function inside(editor: Editor, ...types: EditorElement['type'][]): boolean {
  return Boolean(editor.selection && Editor.above(editor, { match: isType(...types) }));
}

/** Puts the cursor at the end of the document when the editor has never been focused. */
export function ensureSelection(editor: Editor) {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
}

/** The top-level block the selection is in. */
export function topBlockIndex(editor: Editor): number {
  ensureSelection(editor);
  return (editor.selection as Range).anchor.path[0] ?? 0;
}

export const parentPath = (path: Path) => path.slice(0, -1);
