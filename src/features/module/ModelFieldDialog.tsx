import { Checkbox, Field, Fieldset, Grid, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { modelFieldResource } from '../../../models/resources/sites';
import { OPTION_FIELD_TYPES, type FieldOption, type FieldType } from '../../../models/contentModel';
import { t } from '../../i18n';
import { FormDialog } from '../../components/FormDialog';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import { OptionSelect } from '../../components/OptionSelect';
import { FieldControl } from '../resource/FieldControl';
import type { ResourceForm } from '../resource/useResourceForm';
import { OptionsEditor } from './OptionsEditor';

const def = modelFieldResource;
const plainFields = def.form.fields.filter((f) => f.name !== 'options' && f.name !== 'default_value');
const label = (name: string) => t(`resources.modelField.fields.${name}`);

/** The default-value input that fits the field's type. */
function DefaultValueInput({ type, options, value, onChange }: { type: FieldType; options: FieldOption[]; value: unknown; onChange: (v: unknown) => void }) {
  const testId = 'field-default_value';
  const text = value === null || value === undefined ? '' : String(value);
  const choices = options.filter((o) => o.value.trim()).map((o) => ({ value: o.value, label: o.label || o.value }));
  switch (type) {
    case 'select':
    case 'radio':
      return <OptionSelect testId={testId} value={value ?? undefined} options={choices} emptyLabel={t('modelField.noDefault')} onChange={(v) => onChange(v ?? null)} />;
    case 'switch':
      return (
        <Switch.Root colorPalette="blue" data-testid={testId} checked={value === true} onCheckedChange={(e) => onChange(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      );
    case 'number':
      return <Input data-testid={testId} type="number" value={text} onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)} />;
    case 'date':
      return <Input data-testid={testId} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value || null)} />;
    case 'datetime':
      return <Input data-testid={testId} type="datetime-local" value={text.replace(' ', 'T').slice(0, 16)} onChange={(e) => onChange(e.currentTarget.value || null)} />;
    case 'images':
      return (
        <Text fontSize="sm" color="fg.muted">
          {t('modelField.defaultImagesHint')}
        </Text>
      );
    default:
      return <Input data-testid={testId} value={text} onChange={(e) => onChange(e.currentTarget.value || null)} />;
  }
}

/** Create / edit one field of a model: the plain inputs, the options rows and a default that fits the type. */
export function ModelFieldDialog({ form }: { form: ResourceForm }) {
  const type = (form.values.type ?? 'text') as FieldType;
  const hasOptions = OPTION_FIELD_TYPES.includes(type);
  const options = (Array.isArray(form.values.options) ? form.values.options : []) as FieldOption[];
  const title = `${t(form.mode === 'create' ? 'common.create' : 'common.edit')} · ${t('resources.modelField.title')}`;
  const change = (name: string, v: unknown) => {
    form.change(name, v);
    // A default of the old type rarely fits the new one.
    if (name === 'type' && v !== type) form.change('default_value', null);
  };
  const checked = Array.isArray(form.values.default_value) ? (form.values.default_value as string[]) : [];
  return (
    <>
      <FormDialog form={form} title={title} width={720} testId="form-modelField" loading={form.loadingRecord}>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
          {plainFields.map((f) => (
            <FieldControl key={f.name} resource={def.name} field={f} value={form.values[f.name]} error={form.errors[f.name]} mode={form.mode} onChange={(v) => change(f.name, v)} />
          ))}
          {hasOptions && (
            <Fieldset.Root gridColumn="1 / -1" invalid={Boolean(form.errors.options)} gap="1.5">
              <Fieldset.Legend fontSize="sm" fontWeight="medium">
                {label('options')}
              </Fieldset.Legend>
              <OptionsEditor value={options} onChange={(v) => form.change('options', v)} />
              {form.errors.options ? <Fieldset.ErrorText data-testid="field-options-error">{form.errors.options}</Fieldset.ErrorText> : <Fieldset.HelperText>{t('modelField.optionsHint')}</Fieldset.HelperText>}
            </Fieldset.Root>
          )}
          {type === 'checkbox' ? (
            <Fieldset.Root gridColumn="1 / -1" invalid={Boolean(form.errors.default_value)} gap="1.5">
              <Fieldset.Legend fontSize="sm" fontWeight="medium">
                {label('default_value')}
              </Fieldset.Legend>
              <Stack direction="row" gap="4" flexWrap="wrap" data-testid="field-default_value">
                {options
                  .filter((o) => o.value.trim())
                  .map((o) => (
                    <Checkbox.Root
                      key={o.value}
                      size="sm"
                      checked={checked.includes(o.value)}
                      onCheckedChange={(e) => form.change('default_value', e.checked ? [...checked, o.value] : checked.filter((v) => v !== o.value))}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{o.label || o.value}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
              </Stack>
              {form.errors.default_value && <Fieldset.ErrorText>{form.errors.default_value}</Fieldset.ErrorText>}
            </Fieldset.Root>
          ) : (
            <Field.Root gridColumn="1 / -1" invalid={Boolean(form.errors.default_value)}>
              <Field.Label>{label('default_value')}</Field.Label>
              <DefaultValueInput type={type} options={options} value={form.values.default_value} onChange={(v) => form.change('default_value', v)} />
              {form.errors.default_value && <Field.ErrorText data-testid="field-default_value-error">{form.errors.default_value}</Field.ErrorText>}
            </Field.Root>
          )}
        </Grid>
      </FormDialog>
      <DiscardConfirm open={form.confirmingClose} onDiscard={form.confirmClose} onKeepEditing={form.cancelClose} />
    </>
  );
}
