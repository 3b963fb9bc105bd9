import type { ReactNode } from 'react';
import { Alert, Button, Spinner } from '@chakra-ui/react';
import { t } from '../i18n';
import { DraggableDialog } from './DraggableDialog';
import { SAVE_HOTKEY } from '../app/saveShortcut';

/** What a form dialog needs of its form hook (resource forms, plugin settings, rank settings …). */
export interface FormDialogState {
  open: boolean;
  close(): void;
  submit(): void;
  busy: boolean;
  submitting: boolean;
  editable: boolean;
  error: string | null | undefined;
}

interface FormDialogProps {
  form: FormDialogState;
  title: string;
  width: number;
  testId: string;
  /** The record is still loading: a spinner instead of the fields. */
  loading: boolean;
  saveLabel?: string;
  saveTestId?: string;
  children: ReactNode;
}

/** A dialog holding a form: cancel and save in the footer, the form's error above the fields. */
export function FormDialog({ form, title, width, testId, loading, saveLabel, saveTestId = 'form-submit', children }: FormDialogProps) {
  return (
    <DraggableDialog
      open={form.open}
      onClose={form.close}
      title={title}
      width={width}
      testId={testId}
      footer={
        <>
          <Button size="sm" variant="outline" onClick={form.close} disabled={form.busy}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={form.submit} loading={form.submitting} disabled={!form.editable} data-testid={saveTestId} {...SAVE_HOTKEY}>
            {saveLabel ?? t('common.save')}
          </Button>
        </>
      }
    >
      {form.error && (
        <Alert.Root status="error" mb="3" size="sm" data-testid="form-error">
          <Alert.Indicator />
          <Alert.Title>{form.error}</Alert.Title>
        </Alert.Root>
      )}
      {loading ? <Spinner /> : children}
    </DraggableDialog>
  );
}
