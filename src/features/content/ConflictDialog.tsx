import { ConfirmDialog } from '../../components/ConfirmDialog';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';
import type { StaleSave } from '../../../models/content';

/** The 409 of a stale save: who saved meanwhile and when; the user decides, nothing happens silently. */
export function ConflictDialog({ conflict, onReload, onOverwrite }: { conflict: StaleSave | null; onReload: () => void; onOverwrite: () => void }) {
  return (
    <ConfirmDialog
      open={conflict !== null}
      title={t('content.conflict.title')}
      body={
        conflict
          ? t('content.conflict.body', { name: conflict.updated_by_name || '—', time: formatDateTime(conflict.updated_at), version: conflict.version })
          : ''
      }
      confirmLabel={t('content.conflict.overwrite')}
      cancelLabel={t('content.conflict.reload')}
      onConfirm={onOverwrite}
      onCancel={onReload}
      danger
      testId="content-conflict"
    />
  );
}
