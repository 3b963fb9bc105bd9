import { lazy, Suspense } from 'react';
import { Checkbox, Field, Fieldset, Input, RadioGroup, Spinner, Stack, Switch, Textarea, HStack } from '@chakra-ui/react';
import type { ModelField } from '../../../models/contentModel';
import { OptionSelect } from '../../components/OptionSelect';
import { t } from '../../i18n';
import { ImageInput, ImagesInput, uploadImage } from './ImageInput';

const RichTextEditor = lazy(() => import('../../components/editor/RichTextEditor'));

/** One model field of the content form, by its type. */
export function ModelFieldInput({ field, value, error, onChange }: { field: ModelField; value: unknown; error?: string; onChange: (v: unknown) => void }) {
  const testId = `model-field-${field.name}`;
  const options = field.options.map((o) => ({ value: o.value, label: o.label }));
  if (field.type === 'checkbox') {
    const chosen = Array.isArray(value) ? (value as string[]) : [];
    return (
      <Fieldset.Root invalid={Boolean(error)}>
        <Fieldset.Legend fontSize="sm">
          {field.title}
          {field.required && ' *'}
        </Fieldset.Legend>
        <HStack flexWrap="wrap" gap="3" data-testid={testId}>
          {options.map((o) => (
            <Checkbox.Root key={o.value} size="sm" checked={chosen.includes(o.value)} onCheckedChange={(e) => onChange(e.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{o.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
        {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
      </Fieldset.Root>
    );
  }
  let control;
  switch (field.type) {
    case 'textarea':
      control = <Textarea data-testid={testId} rows={3} value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => onChange(e.currentTarget.value)} />;
      break;
    case 'number':
      control = (
        <Input data-testid={testId} type="number" value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))} />
      );
      break;
    case 'select':
      control = <OptionSelect testId={testId} value={value} options={options} emptyLabel={t('common.pleaseSelect')} onChange={(v) => onChange(v ?? '')} />;
      break;
    case 'radio':
      control = (
        <RadioGroup.Root value={String(value ?? '')} onValueChange={(e) => onChange(e.value)} data-testid={testId} size="sm">
          <HStack gap="4" flexWrap="wrap">
            {options.map((o) => (
              <RadioGroup.Item key={o.value} value={o.value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      );
      break;
    case 'switch':
      control = (
        <Switch.Root checked={Boolean(value)} onCheckedChange={(e) => onChange(e.checked)} data-testid={testId}>
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      );
      break;
    case 'date':
      control = <Input data-testid={testId} type="date" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
      break;
    case 'datetime':
      control = <Input data-testid={testId} type="datetime-local" value={String(value ?? '').slice(0, 16)} onChange={(e) => onChange(e.currentTarget.value)} />;
      break;
    case 'image':
      control = <ImageInput testId={testId} value={String(value ?? '')} onChange={onChange} />;
      break;
    case 'images':
      control = <ImagesInput testId={testId} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} />;
      break;
    case 'file':
      control = <Input data-testid={testId} value={String(value ?? '')} placeholder="https://" onChange={(e) => onChange(e.currentTarget.value)} />;
      break;
    case 'richtext':
      control = (
        <Suspense fallback={<Spinner />}>
          <RichTextEditor value={String(value ?? '')} label={field.title} onChange={onChange} height={260} upload={uploadImage} testId={testId} />
        </Suspense>
      );
      break;
    default:
      control = <Input data-testid={testId} value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  return (
    <Field.Root invalid={Boolean(error)} required={field.required}>
      <Field.Label>
        {field.title}
        <Field.RequiredIndicator />
      </Field.Label>
      <Stack w="full">{control}</Stack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
