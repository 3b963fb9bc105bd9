import { Editor } from 'slate';
import type { FlagMark, Marks } from '../html/document';
import { inside } from './queries';

// Text formatting: on/off marks and the valued ones (colour, font size).

export const isMarkActive = (editor: Editor, mark: FlagMark) => Editor.marks(editor)?.[mark] === true;

export function toggleMark(editor: Editor, mark: FlagMark) {
  if (inside(editor, 'code-block')) return;
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

export function markValue<K extends 'color' | 'fontSize'>(editor: Editor, mark: K): Marks[K] | undefined {
  return Editor.marks(editor)?.[mark];
}

/** Sets (or, with undefined, clears) a colour or font size on the selection. */
export function setMarkValue<K extends 'color' | 'fontSize'>(editor: Editor, mark: K, value: Marks[K] | undefined) {
  if (inside(editor, 'code-block')) return;
  if (value === undefined) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, value);
}

/** Keyboard shortcuts of the marks (Mod = Ctrl, or ⌘ on a Mac). */
export const MARK_HOTKEYS: Record<string, FlagMark> = { b: 'bold', i: 'italic', u: 'underline', 'shift+x': 'strikethrough' };

export function hotkeyMark(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): FlagMark | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  return MARK_HOTKEYS[`${e.shiftKey ? 'shift+' : ''}${e.key.toLowerCase()}`];
}
