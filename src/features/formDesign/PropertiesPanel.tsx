import { Box, Button, Field, HStack, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import type { PanelTab } from '../../../machines/formDesigner.machine';
import {
  CHOICE_TYPES,
  COUNTED_TYPES,
  FIELD_NAME_PATTERN,
  INQUIRY_TARGETS,
  NUMERIC_TYPES,
  TEXT_TYPES,
  UPLOAD_LIMIT_MAX,
  VALUELESS_TYPES,
  optionsOf,
  type FormOption,
  type FormRule,
  type FormValidate,
} from '../../../models/formRules';
import { t } from '../../i18n';
import { CommitInput } from './CommitInput';
import { FormOptionsTab } from './FormOptionsTab';
import type { FormDesigner } from './useFormDesigner';

// The right panel: tabs properties / base / validation for the active component, and the form options.

const TABS: PanelTab[] = ['props', 'base', 'validate', 'options'];

const numText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
const toNum = (s: string) => (s.trim() === '' ? undefined : Number(s));
const numberOk = (s: string) => s.trim() === '' || Number.isFinite(Number(s));

/** "value=label" lines, one option each. */
const optionsText = (options: FormOption[]) => options.map((o) => (String(o.value) === o.label ? o.label : `${o.value}=${o.label}`)).join('\n');
function parseOptions(text: string, before: FormOption[]): FormOption[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      const value = at > 0 ? line.slice(0, at).trim() : line;
      const label = at > 0 ? line.slice(at + 1).trim() || value : line;
      const kept = before.find((o) => String(o.value) === value);
      return kept?.children ? { label, value, children: kept.children } : { label, value };
    });
}

function SwitchRow({ label, checked, onChange, testId }: { label: string; checked: boolean; onChange: (v: boolean) => void; testId: string }) {
  return (
    <Switch.Root size="sm" display="flex" justifyContent="space-between" checked={checked} onCheckedChange={(e) => onChange(e.checked)} data-testid={testId}>
      <Switch.Label fontSize="sm" fontWeight="normal">
        {label}
      </Switch.Label>
      <Switch.HiddenInput />
      <Switch.Control />
    </Switch.Root>
  );
}

function PropsTab({ designer, rule }: { designer: FormDesigner; rule: FormRule }) {
  const p = rule.props ?? {};
  const setProps = (patch: Record<string, unknown>) => designer.set({ props: { ...p, ...patch } });
  const key = rule.field;
  return (
    <Stack gap="3" data-testid="panel-props">
      <Text fontSize="sm" fontWeight="semibold">
        {t(`formDesign.components.${rule.type}`)}
      </Text>
      {(TEXT_TYPES.includes(rule.type) || rule.type === 'number') && (
        <CommitInput key={`${key}-ph`} label={t('formDesign.placeholder')} value={typeof p.placeholder === 'string' ? p.placeholder : ''} onCommit={(v) => setProps({ placeholder: v || undefined })} testId="prop-placeholder" />
      )}
      {CHOICE_TYPES.includes(rule.type) && (
        <CommitInput
          key={`${key}-opts`}
          area
          label={t('formDesign.options')}
          hint={t('formDesign.optionsHint')}
          value={optionsText(optionsOf(rule))}
          onCommit={(v) => setProps({ options: parseOptions(v, optionsOf(rule)) })}
          testId="prop-options"
        />
      )}
      {rule.type === 'select' && <SwitchRow label={t('formDesign.multiple')} checked={p.multiple === true} onChange={(v) => setProps({ multiple: v })} testId="prop-multiple" />}
      {(rule.type === 'number' || rule.type === 'slider') &&
        (['min', 'max', 'step'] as const).map((k) => (
          <CommitInput key={`${key}-${k}`} type="number" label={t(`formDesign.${k}`)} value={numText(p[k])} valid={numberOk} onCommit={(v) => setProps({ [k]: toNum(v) })} testId={`prop-${k}`} />
        ))}
      {rule.type === 'rate' && (
        <CommitInput key={`${key}-count`} type="number" label={t('formDesign.count')} value={numText(p.count)} valid={(v) => Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 10} onCommit={(v) => setProps({ count: Number(v) })} testId="prop-count" />
      )}
      {rule.type === 'upload' && (
        <CommitInput
          key={`${key}-limit`}
          type="number"
          label={t('formDesign.limit')}
          hint={t('formDesign.limitHint', { max: UPLOAD_LIMIT_MAX })}
          value={numText(p.limit)}
          valid={(v) => Number.isInteger(Number(v)) && Number(v) >= 1}
          onCommit={(v) => setProps({ limit: Number(v) })}
          testId="prop-limit"
        />
      )}
      {rule.type === 'image' && (
        <Text fontSize="sm" color="fg.muted" data-testid="prop-image-limit">
          {t('formDesign.imageLimit')}
        </Text>
      )}
      {!VALUELESS_TYPES.includes(rule.type) && (
        <Field.Root>
          <Field.Label fontSize="xs">{t('formDesign.inquiry')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              data-testid="prop-inquiry"
              value={typeof rule.effect?.inquiry === 'string' ? rule.effect.inquiry : ''}
              onChange={(e) => {
                const { inquiry: _drop, ...rest } = rule.effect ?? {};
                designer.set({ effect: e.currentTarget.value ? { ...rest, inquiry: e.currentTarget.value } : rest });
              }}
            >
              <option value="">{t('formDesign.inquiryNone')}</option>
              {INQUIRY_TARGETS.map((target) => (
                <option key={target} value={target}>
                  {t(`formDesign.inquiryTargets.${target}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
    </Stack>
  );
}

function BaseTab({ designer, rule }: { designer: FormDesigner; rule: FormRule }) {
  return (
    <Stack gap="3" data-testid="panel-base">
      <CommitInput
        key={`${rule.field}-field`}
        label={t('formDesign.field')}
        value={rule.field}
        valid={(v) => v === rule.field || (FIELD_NAME_PATTERN.test(v) && designer.accepts({ field: v }))}
        error={t('formDesign.fieldInvalid')}
        onCommit={(v) => designer.set({ field: v })}
        testId="prop-field"
      />
      <CommitInput key={`${rule.field}-title`} label={t('formDesign.fieldTitle')} value={rule.title} valid={(v) => v.trim() !== ''} error={t('formDesign.titleRequired')} onCommit={(v) => designer.set({ title: v })} testId="prop-title" />
      <CommitInput key={`${rule.field}-info`} label={t('formDesign.info')} value={rule.info ?? ''} onCommit={(v) => designer.set({ info: v || undefined })} testId="prop-info" />
    </Stack>
  );
}

/** The validate list is edited as one item; an empty item leaves the list empty. */
function ValidateTab({ designer, rule }: { designer: FormDesigner; rule: FormRule }) {
  if (VALUELESS_TYPES.includes(rule.type))
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="panel-validate">
        {t('formDesign.noValidation')}
      </Text>
    );
  const item: FormValidate = Object.assign({}, ...(rule.validate ?? []));
  const update = (patch: Partial<FormValidate>) => {
    const next = Object.fromEntries(Object.entries({ ...item, ...patch }).filter(([, v]) => v !== undefined && v !== false && v !== ''));
    designer.set({ validate: Object.keys(next).length ? [next as FormValidate] : [] });
  };
  const text = TEXT_TYPES.includes(rule.type);
  const numeric = NUMERIC_TYPES.includes(rule.type);
  const counted = COUNTED_TYPES.includes(rule.type) || (rule.type === 'select' && rule.props?.multiple === true);
  const [minLabel, maxLabel] = text ? ['minLength', 'maxLength'] : numeric ? ['minValue', 'maxValue'] : ['minCount', 'maxCount'];
  return (
    <Stack gap="3" data-testid="panel-validate">
      <SwitchRow label={t('formDesign.required')} checked={item.required === true} onChange={(v) => update({ required: v || undefined })} testId="prop-required" />
      {(text || numeric || counted) && (
        <HStack gap="2" align="flex-start">
          <CommitInput key={`${rule.field}-vmin`} type="number" label={t(`formDesign.${minLabel}`)} value={numText(item.min)} valid={numberOk} onCommit={(v) => update({ min: toNum(v) })} testId="prop-min" />
          <CommitInput key={`${rule.field}-vmax`} type="number" label={t(`formDesign.${maxLabel}`)} value={numText(item.max)} valid={numberOk} onCommit={(v) => update({ max: toNum(v) })} testId="prop-max" />
        </HStack>
      )}
      {numeric && (
        <CommitInput key={`${rule.field}-vstep`} type="number" label={t('formDesign.step')} value={numText(item.step)} valid={(v) => v.trim() === '' || Number(v) > 0} onCommit={(v) => update({ step: toNum(v) })} testId="prop-step" />
      )}
      {text && (
        <CommitInput
          key={`${rule.field}-pattern`}
          label={t('formDesign.pattern')}
          value={item.pattern ?? ''}
          valid={(v) => {
            try {
              new RegExp(v);
              return true;
            } catch {
              return false;
            }
          }}
          error={t('formDesign.jsonInvalid')}
          onCommit={(v) => update({ pattern: v || undefined })}
          testId="prop-pattern"
        />
      )}
      <CommitInput key={`${rule.field}-msg`} label={t('formDesign.message')} value={item.message ?? ''} onCommit={(v) => update({ message: v || undefined })} testId="prop-message" />
    </Stack>
  );
}

export function PropertiesPanel({ designer }: { designer: FormDesigner }) {
  const rule = designer.active;
  return (
    <Stack gap="3" data-testid="form-panel" data-tab={designer.tab}>
      <HStack gap="0" role="tablist" borderBottomWidth="1px" flexWrap="wrap">
        {TABS.map((tab) => {
          const selected = designer.tab === tab;
          return (
            <Button
              key={tab}
              role="tab"
              aria-selected={selected}
              size="xs"
              variant="ghost"
              rounded="none"
              borderBottomWidth="2px"
              borderColor={selected ? 'blue.500' : 'transparent'}
              color={selected ? 'blue.fg' : 'fg.muted'}
              disabled={tab !== 'options' && !rule}
              onClick={() => designer.showTab(tab)}
              data-testid={`panel-tab-${tab}`}
            >
              {t(`formDesign.tabs.${tab}`)}
            </Button>
          );
        })}
      </HStack>
      <Box role="tabpanel">
        {designer.tab === 'options' ? (
          <Stack gap="3">
            {!rule && (
              <Text fontSize="xs" color="fg.muted" data-testid="panel-no-active">
                {t('formDesign.noActive')}
              </Text>
            )}
            <FormOptionsTab designer={designer} />
          </Stack>
        ) : rule ? (
          designer.tab === 'props' ? (
            <PropsTab designer={designer} rule={rule} />
          ) : designer.tab === 'base' ? (
            <BaseTab designer={designer} rule={rule} />
          ) : (
            <ValidateTab designer={designer} rule={rule} />
          )
        ) : null}
      </Box>
    </Stack>
  );
}
