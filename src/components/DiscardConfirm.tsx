import { ConfirmDialog } from './ConfirmDialog';
import { t } from '../i18n';

/** "Discard changes?" before a dirty form closes. */
export function DiscardConfirm({
  open,
  onDiscard,
  onKeepEditing,
  testId = 'confirm-discard',
}: {
  open: boolean;
  onDiscard: () => void;
  onKeepEditing: () => void;
  testId?: string;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={t('common.unsavedTitle')}
      body={t('common.unsavedBody')}
      confirmLabel={t('common.discard')}
      cancelLabel={t('common.keepEditing')}
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
      danger
      testId={testId}
    />
  );
}
