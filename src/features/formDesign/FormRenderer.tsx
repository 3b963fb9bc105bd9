import { useState } from 'react';
import { Box, Button, chakra, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { checkFormValues, formFields, isRequired, visibleFields, type FormOptions, type FormRule } from '../../../models/formRules';
import { gridOf } from '../../../models/formComponents';
import { t, useT } from '../../i18n';
import { FieldControl, controlSize } from './FieldControl';

// The client form renderer of the designer's preview: the rules laid out on the 24-column grid with the
// form options, checked on submit by checkFormValues — the very engine the server runs on a submission.

export interface FormItemProps {
  rule: FormRule;
  options: FormOptions;
  value: unknown;
  error?: string;
  onChange?: (value: unknown) => void;
  readOnly?: boolean;
  idPrefix: string;
}

/** One labelled component: label left, right or on top, its width from the options, its message below or beside. */
export function FormItem({ rule, options, value, error, onChange, readOnly, idPrefix }: FormItemProps) {
  const id = `${idPrefix}-${rule.field}`;
  if (rule.type === 'divider')
    return (
      <Stack gap="1" py="1">
        {rule.title && (
          <Text fontSize="sm" color="fg.muted">
            {rule.title}
          </Text>
        )}
        <FieldControl rule={rule} options={options} value={undefined} readOnly />
      </Stack>
    );
  const top = options.labelPosition === 'top';
  const star = isRequired(rule) && !options.hideRequiredAsterisk;
  const message = error && options.showMessage ? (
    <Text fontSize="xs" color="fg.error" data-testid={`form-error-${rule.field}`} role="alert">
      {error}
    </Text>
  ) : null;
  return (
    <Box display="flex" flexDirection={{ base: 'column', md: top ? 'column' : 'row' }} gap={top ? '1' : '3'} alignItems={{ base: 'stretch', md: top ? 'stretch' : 'flex-start' }}>
      <chakra.label
        id={`${id}-label`}
        htmlFor={id}
        fontSize={controlSize(options) === 'lg' ? 'md' : 'sm'}
        flexShrink={0}
        w={{ base: 'auto', md: top ? 'auto' : options.labelWidth }}
        textAlign={{ base: 'left', md: options.labelPosition === 'right' ? 'right' : 'left' }}
        pt={top ? 0 : '1'}
      >
        {star && (
          <Text as="span" color="fg.error" mr="1" aria-hidden>
            *
          </Text>
        )}
        {rule.title}
      </chakra.label>
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="2" align="center" flexWrap={options.inlineMessage ? 'nowrap' : 'wrap'}>
          <Box flex="1" minW="0">
            <FieldControl rule={rule} options={options} value={value} onChange={onChange} readOnly={readOnly} id={id} invalid={Boolean(error)} />
          </Box>
          {options.inlineMessage && message}
        </HStack>
        {!options.inlineMessage && message}
        {rule.info && (
          <Text fontSize="xs" color="fg.muted">
            {rule.info}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

/** Where a rule sits on the 24-column grid of the form (one column on a phone). */
export const gridColumn = (rule: FormRule) => {
  const g = gridOf(rule);
  return { base: '1 / -1', md: g ? `${g.x + 1} / span ${g.w}` : '1 / -1' };
};

/** The designed form, live: fill it in and submit to see what the server would accept or refuse. */
export function FormRenderer({ rules, options }: { rules: FormRule[]; options: FormOptions }) {
  const { lang } = useT();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [result, setResult] = useState<{ values: Record<string, unknown>; errors: Record<string, string> } | null>(null);
  const shown = visibleFields(rules, values, lang);
  const valued = new Set(formFields(rules).map((r) => r.field));
  const visible = rules.filter((r) => !valued.has(r.field) || shown.has(r.field));
  const submit = () => setResult(checkFormValues(rules, values, lang));
  const errors = result?.errors ?? {};
  const failed = Object.keys(errors).length;
  return (
    <Stack gap="4" as="form" data-testid="form-preview" onSubmit={(e: { preventDefault: () => void }) => (e.preventDefault(), submit())}>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(24, minmax(0, 1fr))' }} columnGap="3" rowGap={options.inline ? '2' : '4'}>
        {visible.map((rule) => (
          <Box key={rule.field} gridColumn={options.inline ? 'span 12' : gridColumn(rule)} minW="0">
            {rule.type === 'row' ? (
              <Stack gap="2">
                {(rule.children ?? []).map((child) => (
                  <FormItem key={child.field} rule={child} options={options} value={values[child.field]} error={errors[child.field]} idPrefix="preview" onChange={(v) => setValues({ ...values, [child.field]: v })} />
                ))}
              </Stack>
            ) : (
              <FormItem rule={rule} options={options} value={values[rule.field]} error={errors[rule.field]} idPrefix="preview" onChange={(v) => setValues({ ...values, [rule.field]: v })} />
            )}
          </Box>
        ))}
      </Box>
      {(options.submitBtn || options.resetBtn) && (
        <HStack gap="2" pl={{ base: 0, md: options.labelPosition === 'top' ? 0 : `calc(${options.labelWidth} + 0.75rem)` }}>
          {options.submitBtn && (
            <Button type="submit" size={controlSize(options)} colorPalette="blue" data-testid="preview-submit">
              {t('formDesign.submit')}
            </Button>
          )}
          {options.resetBtn && (
            <Button type="button" size={controlSize(options)} variant="outline" onClick={() => (setValues({}), setResult(null))} data-testid="preview-reset">
              {t('formDesign.reset')}
            </Button>
          )}
        </HStack>
      )}
      {result && (
        <Stack gap="1" data-testid="preview-result" data-valid={failed === 0}>
          <Text fontSize="sm" color={failed ? 'fg.error' : 'fg.success'}>
            {failed ? t('formDesign.previewInvalid', { count: failed }) : t('formDesign.previewValid')}
          </Text>
          {!failed && (
            <Code display="block" whiteSpace="pre-wrap" p="2" fontSize="xs">
              {JSON.stringify(result.values, null, 2)}
            </Code>
          )}
        </Stack>
      )}
    </Stack>
  );
}
