import type { ReactNode } from 'react';
import { Grid } from '@chakra-ui/react';
import type { FieldDef, ResourceDef } from '../../../models/resource';
import { t } from '../../i18n';
import { FormDialog } from '../../components/FormDialog';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import { FieldControl } from './FieldControl';
import type { ResourceForm } from './useResourceForm';

export interface ResourceFormDialogProps {
  def: ResourceDef;
  form: ResourceForm;
  width?: number;
  /** Grid columns from the md breakpoint (one column below it). */
  columns?: number;
  /** Which declared fields show now (all by default). */
  shown?: (field: FieldDef) => boolean;
  /** A field's own control instead of the generic one (undefined: the generic one). */
  renderField?: (field: FieldDef) => ReactNode | undefined;
}

/** A resource's add/edit dialog: its declared fields in a grid, the save button, the unsaved-changes confirm. */
export function ResourceFormDialog({ def, form, width = 640, columns = 2, shown, renderField }: ResourceFormDialogProps) {
  const title = `${t(form.mode === 'create' ? 'common.create' : 'common.edit')} · ${t(`resources.${def.name}.title`)}`;
  return (
    <>
      <FormDialog form={form} title={title} width={width} testId={`form-${def.name}`} loading={form.loadingRecord}>
        <Grid templateColumns={{ base: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` }} gap="4">
          {def.form.fields
            .filter((f) => shown?.(f) ?? true)
            .map(
              (f) =>
                renderField?.(f) ?? (
                  <FieldControl key={f.name} resource={def.name} field={f} value={form.values[f.name]} error={form.errors[f.name]} mode={form.mode} onChange={(v) => form.change(f.name, v)} />
                ),
            )}
        </Grid>
      </FormDialog>
      <DiscardConfirm open={form.confirmingClose} onDiscard={form.confirmClose} onKeepEditing={form.cancelClose} />
    </>
  );
}
