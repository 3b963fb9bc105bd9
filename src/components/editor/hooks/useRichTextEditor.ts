import type { KeyboardEvent } from 'react';
import { Editor } from 'slate';
import { EDITOR_TAB_SIZE } from '../../../../models/constants';
import { hotkeyMark, toggleMark } from '../slate/marks';
import { inside } from '../slate/queries';
import { useEditorActions, type EditorServerActions } from './useEditorActions';
import { useEditorDialogs } from './useEditorDialogs';
import { useEditorDocument } from './useEditorDocument';
import { useFocusReturn } from './useFocusReturn';
import { useImageDialog, type ImageUploader } from './useImageDialog';
import { useSourceView } from './useSourceView';

export interface RichTextEditorProps {
  /** HTML. A new value from outside (a record loaded) replaces the content. */
  value: string;
  /** The content as HTML inside the shared allowlist ('' when empty), after each change. */
  onChange: (html: string) => void;
  /** Height of the writing area in px (RICH_TEXT_DEFAULT_HEIGHT by default). */
  height?: number;
  placeholder?: string;
  /** What the writing area is called for screen readers (the field's label). */
  label?: string;
  testId?: string;
  /** Uploads one image (the app sends it through the upload chart), reporting its percent; without it the image dialog takes URLs only. */
  upload?: ImageUploader;
  /** Server actions; each button appears only when its call is given. */
  actions?: EditorServerActions;
  /** Receives the text description extraction returns. */
  onDescription?: (text: string) => void;
}

/** Everything the editor's view renders and calls: the document, the toolbar's dialogs, the actions. */
export function useRichTextEditor({ value, onChange, upload, actions, onDescription }: RichTextEditorProps) {
  const doc = useEditorDocument(value, onChange);
  const { editor } = doc;
  const serverActions = useEditorActions(doc, actions, onDescription);
  const source = useSourceView(doc);
  const focus = useFocusReturn(editor);
  const dialogs = useEditorDialogs(editor, focus.returnFocus);
  const image = useImageDialog(editor, upload, focus.returnFocus);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const mark = hotkeyMark(e);
    if (mark) {
      e.preventDefault();
      toggleMark(editor, mark);
      return;
    }
    if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && inside(editor, 'code-block')) {
      e.preventDefault();
      Editor.insertText(editor, ' '.repeat(EDITOR_TAB_SIZE));
    }
  };

  return {
    editor,
    initialValue: doc.initialValue,
    onValueChange: doc.onValueChange,
    onKeyDown,
    onFocus: focus.onFocus,
    /** A server action runs: the content must not change under it. */
    locked: serverActions.busy,
    actions: serverActions,
    source,
    dialogs,
    image,
  };
}
