import { Field, Input, NativeSelect, Stack, Switch, Textarea } from '@chakra-ui/react';
import type { PluginSettingsField } from '../../../models/plugin';
import { t } from '../../i18n';
import { FormDialog } from '../../components/FormDialog';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import type { PluginSettingsForm } from './usePluginSettings';

function SettingControl({ field, value, secretSet, onChange }: { field: PluginSettingsField; value: unknown; secretSet: boolean; onChange: (v: unknown) => void }) {
  const id = `plugin-setting-${field.name}`;
  switch (field.type) {
    case 'switch':
      return (
        <Switch.Root size="sm" checked={value === true} onCheckedChange={(e) => onChange(e.checked)} data-testid={id}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label fontSize="sm">{value === true ? t('plugins.on') : t('plugins.off')}</Switch.Label>
        </Switch.Root>
      );
    case 'select':
      return (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} data-testid={id}>
            <option value="" />
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'textarea':
      return <Textarea size="sm" rows={4} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} data-testid={id} />;
    case 'number':
      return <Input size="sm" type="number" value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))} data-testid={id} />;
    case 'password':
      return (
        <Input
          size="sm"
          type="password"
          autoComplete="new-password"
          value={String(value ?? '')}
          placeholder={secretSet ? t('plugins.secretSet') : t('plugins.secretUnset')}
          onChange={(e) => onChange(e.target.value)}
          data-testid={id}
        />
      );
    default:
      return <Input size="sm" type={field.type === 'url' ? 'url' : 'text'} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} data-testid={id} />;
  }
}

/** A plugin's settings, as its manifest declares them. */
export function PluginSettingsDialog({ form, name }: { form: PluginSettingsForm; name: string }) {
  return (
    <>
      <FormDialog form={form} title={t('plugins.settingsTitle', { name })} width={560} testId="plugin-settings" loading={form.loading} saveLabel={t('plugins.save')} saveTestId="plugin-settings-save">
        <Stack gap="4">
          {form.fields.map((f) => (
            <Field.Root key={f.name} required={f.required} invalid={Boolean(form.errors[f.name])}>
              <Field.Label>
                {f.label}
                {f.required && <Field.RequiredIndicator />}
              </Field.Label>
              <SettingControl field={f} value={form.values[f.name]} secretSet={form.secretsSet[f.name] ?? false} onChange={(v) => form.change(f.name, v)} />
              {f.help && !form.errors[f.name] && <Field.HelperText>{f.help}</Field.HelperText>}
              {form.errors[f.name] && <Field.ErrorText>{form.errors[f.name]}</Field.ErrorText>}
            </Field.Root>
          ))}
        </Stack>
      </FormDialog>
      <DiscardConfirm open={form.confirmingClose} onDiscard={form.confirmClose} onKeepEditing={form.cancelClose} />
    </>
  );
}
