import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';
import type { EditorElement, FormattedText } from './html/document';

// Hands the editor's document model (html/document.ts) to slate as its node types.

export type BanyanEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: BanyanEditor;
    Element: EditorElement;
    Text: FormattedText;
  }
}
