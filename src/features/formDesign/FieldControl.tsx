import { Box, chakra, HStack, Input, NativeSelect, Separator, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { optionsOf, type FormOption, type FormOptions, type FormRule } from '../../../models/formRules';
import { t } from '../../i18n';

// One component of a form, drawn as the public form shows it: on the designer's canvas (read-only) and in
// the preview (live). Native controls keep it light and keyboard-usable.

const SIZES: Record<FormOptions['size'], 'xs' | 'sm' | 'md' | 'lg'> = { mini: 'xs', small: 'sm', medium: 'md', large: 'lg' };
export const controlSize = (options: FormOptions) => SIZES[options.size];

export interface FieldControlProps {
  rule: FormRule;
  options: FormOptions;
  value: unknown;
  onChange?: (value: unknown) => void;
  readOnly?: boolean;
  invalid?: boolean;
  id?: string;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

function Choices({ rule, value, onChange, readOnly, multiple, id }: FieldControlProps & { multiple: boolean }) {
  const list = Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];
  return (
    <HStack gap="3" pt="1" flexWrap="wrap" role={multiple ? 'group' : 'radiogroup'} aria-labelledby={id ? `${id}-label` : undefined}>
      {optionsOf(rule).map((o) => {
        const checked = list.includes(String(o.value));
        return (
          <Box as="label" key={String(o.value)} display="inline-flex" alignItems="center" gap="1" fontSize="sm" cursor={readOnly ? 'default' : 'pointer'}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`${id ?? rule.field}-choice`}
              value={String(o.value)}
              checked={checked}
              disabled={readOnly}
              onChange={(e) => {
                if (!onChange) return;
                if (!multiple) return onChange(o.value);
                onChange(e.currentTarget.checked ? [...list, String(o.value)] : list.filter((v) => v !== String(o.value)));
              }}
            />
            {o.label}
          </Box>
        );
      })}
    </HStack>
  );
}

function Cascader({ rule, value, onChange, readOnly, options, id }: FieldControlProps) {
  const path = Array.isArray(value) ? value.map(String) : [];
  const levels: FormOption[][] = [optionsOf(rule)];
  for (const step of path) {
    const next = levels.at(-1)!.find((o) => String(o.value) === step)?.children;
    if (!next?.length) break;
    levels.push(next);
  }
  return (
    <HStack gap="2" flexWrap="wrap">
      {levels.map((level, depth) => (
        <NativeSelect.Root key={depth} size={controlSize(options)} width="auto" disabled={readOnly}>
          <NativeSelect.Field
            id={depth === 0 ? id : undefined}
            value={path[depth] ?? ''}
            onChange={(e) => onChange?.(e.currentTarget.value === '' ? path.slice(0, depth) : [...path.slice(0, depth), e.currentTarget.value])}
          >
            <option value="">{t('common.pleaseSelect')}</option>
            {level.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ))}
    </HStack>
  );
}

/** Files are given by address in the preview (the public page uploads them). */
function Files({ rule, value, onChange, readOnly, options, id }: FieldControlProps) {
  const list = Array.isArray(value) ? value.map(str) : [];
  return (
    <Textarea
      id={id}
      size={controlSize(options)}
      rows={rule.type === 'image' ? 1 : 3}
      placeholder={rule.type === 'image' ? t('formDesign.imageLimit') : t('formDesign.fileUrls')}
      value={list.join('\n')}
      readOnly={readOnly}
      onChange={(e) => onChange?.(e.currentTarget.value.split('\n').filter((l) => l.trim() !== ''))}
    />
  );
}

/** The control of one rule. */
export function FieldControl(props: FieldControlProps) {
  const { rule, options, value, onChange, readOnly, id } = props;
  const size = controlSize(options);
  const p = rule.props ?? {};
  const placeholder = typeof p.placeholder === 'string' ? p.placeholder : undefined;
  const text = (type: string) => (
    <Input id={id} size={size} type={type} value={str(value)} placeholder={placeholder} readOnly={readOnly} onChange={(e) => onChange?.(e.currentTarget.value)} />
  );
  switch (rule.type) {
    case 'input':
      return text('text');
    case 'textarea':
      return <Textarea id={id} size={size} rows={3} value={str(value)} placeholder={placeholder} readOnly={readOnly} onChange={(e) => onChange?.(e.currentTarget.value)} />;
    case 'richText':
      return <Textarea id={id} size={size} rows={5} value={str(value)} placeholder={placeholder} readOnly={readOnly} onChange={(e) => onChange?.(e.currentTarget.value)} />;
    case 'number':
      return (
        <Input
          id={id}
          size={size}
          type="number"
          min={num(p.min, 0)}
          max={num(p.max, 100)}
          step={num(p.step, 1)}
          value={str(value)}
          readOnly={readOnly}
          onChange={(e) => onChange?.(e.currentTarget.value)}
        />
      );
    case 'slider':
      return (
        <HStack gap="2">
          <input
            id={id}
            type="range"
            min={num(p.min, 0)}
            max={num(p.max, 100)}
            step={num(p.step, 1)}
            value={str(value) || String(num(p.min, 0))}
            disabled={readOnly}
            onChange={(e) => onChange?.(Number(e.currentTarget.value))}
            style={{ flex: 1 }}
          />
          <Text fontSize="sm" minW="3ch">
            {str(value)}
          </Text>
        </HStack>
      );
    case 'rate':
      return (
        <HStack gap="1" role="radiogroup" aria-labelledby={id ? `${id}-label` : undefined}>
          {Array.from({ length: num(p.count, 5) }, (_, i) => i + 1).map((n) => (
            <chakra.button
              type="button"
              key={n}
              aria-label={String(n)}
              aria-pressed={num(value, 0) >= n}
              color={num(value, 0) >= n ? 'orange.400' : 'fg.subtle'}
              fontSize="lg"
              lineHeight="1"
              disabled={readOnly}
              cursor={readOnly ? 'default' : 'pointer'}
              onClick={() => onChange?.(n)}
            >
              ★
            </chakra.button>
          ))}
        </HStack>
      );
    case 'radio':
      return <Choices {...props} multiple={false} />;
    case 'checkbox':
      return <Choices {...props} multiple />;
    case 'select':
      if (p.multiple === true) return <Choices {...props} multiple />;
      return (
        <NativeSelect.Root size={size} disabled={readOnly}>
          <NativeSelect.Field id={id} value={str(value)} onChange={(e) => onChange?.(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}>
            <option value="">{t('common.pleaseSelect')}</option>
            {optionsOf(rule).map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'switch':
      return (
        <Switch.Root size={size === 'lg' ? 'md' : 'sm'} checked={value === true} disabled={readOnly} onCheckedChange={(e) => onChange?.(e.checked)}>
          <Switch.HiddenInput id={id} />
          <Switch.Control />
        </Switch.Root>
      );
    case 'date':
      return text('date');
    case 'time':
      return text('time');
    case 'cascader':
      return <Cascader {...props} />;
    case 'upload':
    case 'image':
      return <Files {...props} />;
    case 'divider':
      return <Separator />;
    case 'row':
      return <Stack gap="1" minH="6" borderWidth="1px" borderStyle="dashed" rounded="sm" />;
  }
}
