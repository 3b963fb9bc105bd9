import { Alert, Button, Grid, Spinner } from '@chakra-ui/react';
import type { FieldDef } from '../../../models/resource';
import { t } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import { FieldControl } from '../resource/FieldControl';
import type { ApiForm } from './useApiForm';

// A dialog for one of the attachment screen's forms; labels come from resources.<resource>.fields.
// A refused submit says 'please fill in required information' above the fields it names.

export function FormDialog({ form, resource, title, fields, testId, width = 520 }: { form: ApiForm; resource: string; title: string; fields: FieldDef[]; testId: string; width?: number }) {
  return (
    <>
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
            <Button size="sm" colorPalette="blue" onClick={form.submit} loading={form.submitting} disabled={!form.editable} data-testid="form-submit">
              {t('common.save')}
            </Button>
          </>
        }
      >
        {(form.invalid || form.error) && (
          <Alert.Root status="error" mb="3" size="sm" data-testid="form-error">
            <Alert.Indicator />
            <Alert.Title>{form.error ?? t('attachment.fillRequired')}</Alert.Title>
          </Alert.Root>
        )}
        {form.loadingRecord ? (
          <Spinner />
        ) : (
          <Grid templateColumns="1fr" gap="4">
            {fields.map((f) => (
              <FieldControl key={f.name} resource={resource} field={f} value={form.values[f.name]} error={form.errors[f.name]} mode={form.mode} onChange={(v) => form.change(f.name, v)} />
            ))}
          </Grid>
        )}
      </DraggableDialog>
      <DiscardConfirm open={form.confirmingClose} onDiscard={form.confirmClose} onKeepEditing={form.cancelClose} />
    </>
  );
}
