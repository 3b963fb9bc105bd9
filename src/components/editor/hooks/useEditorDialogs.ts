import { useSelector } from '@xstate/react';
import { useChart } from '../../../app/useChart';
import { editorDialogsMachine, linkUrlValid, tableSizeValid, type LinkDraft } from '../../../../machines/editorDialogs.machine';
import { applyLink, linkDraft, removeLink } from '../slate/links';
import { insertTable } from '../slate/tables';
import type { BanyanEditor } from '../types';

/** Connects the link and table dialogs to their chart. */
export function useEditorDialogs(editor: BanyanEditor, returnFocus: () => void) {
  const actor = useChart(
    editorDialogsMachine.provide({
      actions: {
        applyLink: (_, link) => {
          applyLink(editor, link);
          returnFocus();
        },
        removeLink: () => {
          removeLink(editor);
          returnFocus();
        },
        insertTable: (_, { rows, cols }) => {
          insertTable(editor, rows, cols);
          returnFocus();
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const { link, table } = state.context;
  return {
    linkOpen: state.hasTag('linkDialog'),
    link,
    linkInvalid: link.url.trim() !== '' && !linkUrlValid(link.url),
    canConfirmLink: state.can({ type: 'link.confirm' }),
    canRemoveLink: state.can({ type: 'link.remove' }),
    openLink: () => actor.send({ type: 'link.open', link: linkDraft(editor) }),
    changeLink: (change: Partial<Omit<LinkDraft, 'editing'>>) => actor.send({ type: 'link.change', change }),
    confirmLink: () => actor.send({ type: 'link.confirm' }),
    removeLink: () => actor.send({ type: 'link.remove' }),
    tableOpen: state.hasTag('tableDialog'),
    table,
    tableInvalid: !tableSizeValid(table.rows) || !tableSizeValid(table.cols),
    canConfirmTable: state.can({ type: 'table.confirm' }),
    openTable: () => actor.send({ type: 'table.open' }),
    changeTable: (size: { rows?: number; cols?: number }) => actor.send({ type: 'table.change', ...size }),
    confirmTable: () => actor.send({ type: 'table.confirm' }),
    close: () => actor.send({ type: 'dialog.close' }),
  };
}
export type EditorDialogsView = ReturnType<typeof useEditorDialogs>;
