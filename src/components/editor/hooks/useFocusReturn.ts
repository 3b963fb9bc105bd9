import { useCallback, useRef } from 'react';
import { Transforms, type BaseRange } from 'slate';
import { ReactEditor } from 'slate-react';
import type { BanyanEditor } from '../types';

/** How long after a dialog's command the editor's returning focus keeps the command's cursor. */
const RETURN_WINDOW_MS = 1500;

/**
 * Puts the cursor back where a dialog's command left it. A closing dialog hands the focus back to the
 * editor with a bare `focus()`, which puts the browser's caret at the start of the document; for a short
 * while after the command, the editor's focus handler restores the command's selection instead.
 */
export function useFocusReturn(editor: BanyanEditor) {
  const pending = useRef<{ range: BaseRange; until: number } | null>(null);

  const restore = useCallback(() => {
    const p = pending.current;
    if (!p || Date.now() > p.until) return;
    try {
      Transforms.select(editor, p.range);
      const dom = ReactEditor.toDOMRange(editor, p.range);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(dom);
    } catch {
      pending.current = null; // the document changed under it: leave the caret to the browser
    }
  }, [editor]);

  return {
    /** Call after a dialog's command changed the document. */
    returnFocus: useCallback(() => {
      if (editor.selection) pending.current = { range: editor.selection, until: Date.now() + RETURN_WINDOW_MS };
      ReactEditor.focus(editor);
    }, [editor]),
    onFocus: restore,
  };
}
