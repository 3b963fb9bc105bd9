import { Grid } from '@chakra-ui/react';
import type { FieldDef } from '../../../models/resource';
import { t } from '../../i18n';
import { FormDialog as Frame } from '../../components/FormDialog';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import { FieldControl } from '../resource/FieldControl';
import type { ApiForm } from './useApiForm';

// A dialog for one of the attachment screen's forms; labels come from resources.<resource>.fields.
// A refused submit says 'please fill in required information' above the fields it names.

export function FormDialog({ form, resource, title, fields, testId, width = 520 }: { form: ApiForm; resource: string; title: string; fields: FieldDef[]; testId: string; width?: number }) {
  return (
    <>
      <Frame
        form={{ ...form, error: form.error ?? (form.invalid ? t('attachment.fillRequired') : null) }}
        title={title}
        width={width}
        testId={testId}
        loading={form.loadingRecord}
      >
        <Grid templateColumns="1fr" gap="4">
          {fields.map((f) => (
            <FieldControl key={f.name} resource={resource} field={f} value={form.values[f.name]} error={form.errors[f.name]} mode={form.mode} onChange={(v) => form.change(f.name, v)} />
          ))}
        </Grid>
      </Frame>
      <DiscardConfirm open={form.confirmingClose} onDiscard={form.confirmClose} onKeepEditing={form.cancelClose} />
    </>
  );
}
