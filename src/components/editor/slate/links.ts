import { Editor, Range, Transforms, type NodeEntry } from 'slate';
import type { LinkElement } from '../html/document';
import { ensureSelection, isType } from './queries';

// Links: insert one at the cursor, wrap the selection, edit or remove the one the cursor is in.

const isLink = isType('link');

export function activeLink(editor: Editor): NodeEntry<LinkElement> | undefined {
  if (!editor.selection) return undefined;
  return Editor.above<LinkElement>(editor, { match: isLink }) ?? Array.from(Editor.nodes<LinkElement>(editor, { match: isLink }))[0];
}

/** What the link dialog starts with. */
export function linkDraft(editor: Editor) {
  const entry = activeLink(editor);
  if (entry) {
    const [link, path] = entry;
    return { url: link.url, text: Editor.string(editor, path), newTab: Boolean(link.newTab), editing: true };
  }
  const text = editor.selection && Range.isExpanded(editor.selection) ? Editor.string(editor, editor.selection) : '';
  return { url: '', text, newTab: false, editing: false };
}

export function applyLink(editor: Editor, { url, text, newTab }: { url: string; text: string; newTab: boolean }) {
  ensureSelection(editor);
  const entry = activeLink(editor);
  if (entry) {
    const [, path] = entry;
    Transforms.setNodes(editor, { url, newTab }, { at: path });
    if (text !== '' && text !== Editor.string(editor, path)) {
      Transforms.insertText(editor, text, { at: Editor.range(editor, path) });
    }
    return;
  }
  const selection = editor.selection as Range;
  const selected = Range.isExpanded(selection) ? Editor.string(editor, selection) : '';
  if (Range.isExpanded(selection) && (text === '' || text === selected)) {
    Transforms.wrapNodes(editor, { type: 'link', url, newTab, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: 'end' });
    return;
  }
  if (Range.isExpanded(selection)) Transforms.delete(editor);
  Transforms.insertNodes(editor, { type: 'link', url, newTab, children: [{ text: text || url }] });
  Transforms.move(editor, { unit: 'offset' });
}

export function removeLink(editor: Editor) {
  const entry = activeLink(editor);
  if (entry) Transforms.unwrapNodes(editor, { at: entry[1], match: isLink });
}
