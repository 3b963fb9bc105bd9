import { useCallback, useEffect, useRef } from 'react';
import { createEditor, Editor, Transforms, type Descendant } from 'slate';
import { HistoryEditor, withHistory } from 'slate-history';
import { withReact } from 'slate-react';
import { deserialize } from '../html/deserialize';
import { isDocumentEmpty } from '../html/document';
import { serialize } from '../html/serialize';
import { withBanyan } from '../slate/plugin';
import type { BanyanEditor } from '../types';
import { useLatest } from './useLatest';

// The slate document behind the `value` / `onChange` pair: HTML in, HTML out. A new `value` from the
// parent (a record loaded, a revision restored) replaces the document; the parent getting back what the
// editor just sent does not. Loading never reports a change, so opening a record leaves its form clean.

function createBanyanEditor(html: string) {
  const editor = withBanyan(withHistory(withReact(createEditor()))) as BanyanEditor;
  editor.children = deserialize(html);
  HistoryEditor.withoutSaving(editor, () => Editor.normalize(editor, { force: true }));
  return editor;
}

export function useEditorDocument(value: string, onChange: (html: string) => void) {
  const created = useRef<BanyanEditor | null>(null);
  if (!created.current) created.current = createBanyanEditor(value);
  const editor = created.current;
  const initialValue = useRef(editor.children).current;
  const onChangeRef = useLatest(onChange);
  /** The last `value` the document was synced with, either way. */
  const synced = useRef(value);
  /** The HTML the document serializes to now. */
  const current = useRef(serialize(editor.children));

  const emit = useCallback(
    (html: string) => {
      current.current = html;
      synced.current = html;
      onChangeRef.current(html);
    },
    [onChangeRef],
  );

  const onValueChange = useCallback(
    (children: Descendant[]) => {
      const html = serialize(children);
      if (html !== current.current) emit(html);
    },
    [emit],
  );

  const setDocument = useCallback(
    (html: string) => {
      Transforms.deselect(editor);
      Transforms.setChildren(editor, deserialize(html));
    },
    [editor],
  );

  useEffect(() => {
    if (value === synced.current) return;
    synced.current = value;
    HistoryEditor.withoutSaving(editor, () => setDocument(value));
    editor.history = { undos: [], redos: [] };
    current.current = serialize(editor.children);
  }, [editor, value, setDocument]);

  return {
    editor,
    initialValue,
    onValueChange,
    /** Replaces the content (a server action's answer, the source view's HTML); undo brings it back. */
    replace: (html: string) => HistoryEditor.withNewBatch(editor, () => setDocument(html)),
    /** Reports HTML typed in the source view, cleaned as the rich editor would keep it. */
    emitSource: (html: string) => {
      const clean = serialize(deserialize(html));
      if (clean !== current.current) emit(clean);
    },
    html: () => serialize(editor.children),
    isEmpty: () => isDocumentEmpty(editor.children),
  };
}
export type EditorDocument = ReturnType<typeof useEditorDocument>;
