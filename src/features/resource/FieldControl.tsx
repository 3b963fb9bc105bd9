import { lazy, Suspense } from 'react';
import { Checkbox, Field, Fieldset, Input, Spinner, Stack, Switch, Textarea } from '@chakra-ui/react';
import { OptionSelect } from '../../components/OptionSelect';
import { ImageField } from '../../components/attachments/picker/ImageField';
import type { FieldDef } from '../../../models/resource';
import { t } from '../../i18n';
import { useOptions } from './optionsStore';

const PermissionTree = lazy(() => import('../role/PermissionTree'));

const INPUT_TYPES: Partial<Record<FieldDef['kind'], string>> = { password: 'password', email: 'email', date: 'date', datetime: 'datetime-local' };

export interface FieldControlProps {
  resource: string;
  field: FieldDef;
  value: unknown;
  error?: string;
  mode: 'create' | 'edit';
  onChange: (value: unknown) => void;
}

/** One form field of a resource dialog, chosen by the field's kind; labels come from resources.<name>.fields. */
export function FieldControl({ resource, field, value, error, mode, onChange }: FieldControlProps) {
  const options = useOptions(field.options);
  const label = t(`resources.${resource}.fields.${field.name}`);
  const required = field.required && !(field.kind === 'password' && mode === 'edit');
  const readOnly = field.lockedOnEdit && mode === 'edit';
  const testId = `field-${field.name}`;
  let control;
  switch (field.kind) {
    case 'textarea':
      control = <Textarea data-testid={testId} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} rows={3} />;
      break;
    case 'number':
      control = (
        <Input data-testid={testId} type="number" value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value))} />
      );
      break;
    case 'switch':
      control = (
        <Switch.Root data-testid={testId} checked={Boolean(value)} onCheckedChange={(e) => onChange(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      );
      break;
    case 'select':
      control = <OptionSelect testId={testId} value={value} options={options} emptyLabel={t('common.pleaseSelect')} onChange={onChange} />;
      break;
    case 'multiselect': {
      const chosen = Array.isArray(value) ? (value as Array<string | number>) : [];
      control = options ? (
        <Stack gap="1" data-testid={testId} maxH="160px" overflowY="auto" borderWidth="1px" rounded="md" p="2">
          {options.map((o) => (
            <Checkbox.Root
              key={String(o.value)}
              size="sm"
              checked={chosen.includes(o.value)}
              onCheckedChange={(e) => onChange(e.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{o.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      ) : (
        <Spinner size="sm" />
      );
      break;
    }
    case 'image':
      control = <ImageField testId={testId} readOnly={readOnly} value={String(value ?? '')} onChange={onChange} />;
      break;
    case 'permissionTree':
      control = (
        <Suspense fallback={<Spinner size="sm" />}>
          <PermissionTree value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} />
        </Suspense>
      );
      break;
    default:
      control = (
        <Input
          data-testid={testId}
          type={INPUT_TYPES[field.kind] ?? 'text'}
          autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
          readOnly={readOnly}
          // datetime-local takes minutes precision without a zone.
          value={field.kind === 'datetime' ? String(value ?? '').slice(0, 16) : String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
  // A group of checkboxes must not sit in a Field: Chakra gives every checkbox in a Field the field's
  // input id, so each label would toggle the first box. Groups are a Fieldset instead.
  if (field.kind === 'multiselect' || field.kind === 'permissionTree') {
    return (
      <Fieldset.Root invalid={Boolean(error)} gridColumn={field.span === 24 ? '1 / -1' : undefined} gap="1.5">
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {label}
        </Fieldset.Legend>
        {control}
        {field.hint && !error && <Fieldset.HelperText>{t(field.hint)}</Fieldset.HelperText>}
        {error && <Fieldset.ErrorText data-testid={`${testId}-error`}>{error}</Fieldset.ErrorText>}
      </Fieldset.Root>
    );
  }
  return (
    <Field.Root invalid={Boolean(error)} required={required} gridColumn={field.span === 24 ? '1 / -1' : undefined}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {control}
      {field.hint && !error && <Field.HelperText>{t(field.hint)}</Field.HelperText>}
      {error && <Field.ErrorText data-testid={`${testId}-error`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
