import { ConfirmDialog } from './ConfirmDialog';
import { t } from '../i18n';

interface PendingDelete {
  confirming: boolean;
  busy: boolean;
  pendingDelete: readonly unknown[];
  confirmDelete: () => void;
  cancelDelete: () => void;
}

/** The confirm before a list deletes rows: to the recycle bin (soft) or for good. */
export function DeleteConfirm({ list, soft }: { list: PendingDelete; soft: boolean }) {
  return (
    <ConfirmDialog
      open={list.confirming}
      title={t('common.deleteTitle')}
      body={t(soft ? 'common.recycleConfirm' : 'common.deleteConfirm', { count: list.pendingDelete.length })}
      confirmLabel={t('common.delete')}
      cancelLabel={t('common.cancel')}
      onConfirm={list.confirmDelete}
      onCancel={list.cancelDelete}
      busy={list.busy}
      danger
      testId="confirm-delete"
    />
  );
}
