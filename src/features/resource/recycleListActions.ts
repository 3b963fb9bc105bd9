import type { ListEvent } from '../../../machines/resourceList.machine';
import { post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import type { RestoreRows } from './useResourceList';

/** An error's message as a toast shows it. */
export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The list chart's delete, undo and toast actions, shared by every list whose rows are deleted through
 * POST `deleteUrl` (the resource lists and the attachment grid): a delete that went to a recycle bin says so
 * with an Undo that restores the rows through `restore` (read when the Undo is pressed).
 */
export function recycleListActions(send: (event: ListEvent) => void, deleteUrl: string, restore: { readonly current: RestoreRows | undefined }) {
  return {
    deleteRows: (_: unknown, { ids }: { ids: number[] }) => {
      post(deleteUrl, { ids })
        .then(({ msg }) => send({ type: 'delete.done', message: msg }))
        .catch((e: unknown) => send({ type: 'delete.failed', message: messageOf(e) }));
    },
    restoreRows: (_: unknown, { ids }: { ids: number[] }) => {
      if (!restore.current) return;
      restore
        .current(ids)
        .then(({ msg }) => send({ type: 'undo.done', message: msg }))
        .catch((e: unknown) => send({ type: 'undo.failed', message: messageOf(e) }));
    },
    notify: (_: unknown, { kind, message, undo }: { kind: 'success' | 'error'; message: string; undo?: number[] }) =>
      undo
        ? notify(kind, t('common.deletedUndoable', { count: undo.length }), { label: t('common.undo'), onClick: () => send({ type: 'delete.undo', ids: undo }) })
        : notify(kind, message),
  };
}
