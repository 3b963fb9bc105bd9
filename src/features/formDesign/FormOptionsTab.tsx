import { Field, NativeSelect, Stack, Switch } from '@chakra-ui/react';
import { FORM_LABEL_POSITIONS, FORM_SIZES, FormOptions } from '../../../models/formRules';
import { t } from '../../i18n';
import { CommitInput } from './CommitInput';
import type { FormDesigner } from './useFormDesigner';

// The form-level options: inline, required asterisk, label position and width, size, messages, buttons.

const FLAGS = ['inline', 'hideRequiredAsterisk', 'showMessage', 'inlineMessage', 'submitBtn', 'resetBtn'] as const;

export function FormOptionsTab({ designer }: { designer: FormDesigner }) {
  const o = designer.options;
  const disabled = !designer.canEdit;
  return (
    <Stack gap="3" data-testid="panel-options">
      <Field.Root>
        <Field.Label fontSize="xs">{t('formDesign.optionLabels.labelPosition')}</Field.Label>
        <NativeSelect.Root size="sm" disabled={disabled}>
          <NativeSelect.Field data-testid="option-labelPosition" value={o.labelPosition} onChange={(e) => designer.setOption({ labelPosition: e.currentTarget.value as FormOptions['labelPosition'] })}>
            {FORM_LABEL_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {t(`formDesign.labelPositions.${p}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label fontSize="xs">{t('formDesign.optionLabels.size')}</Field.Label>
        <NativeSelect.Root size="sm" disabled={disabled}>
          <NativeSelect.Field data-testid="option-size" value={o.size} onChange={(e) => designer.setOption({ size: e.currentTarget.value as FormOptions['size'] })}>
            {FORM_SIZES.map((s) => (
              <option key={s} value={s}>
                {t(`formDesign.sizes.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <CommitInput
        label={t('formDesign.optionLabels.labelWidth')}
        value={o.labelWidth}
        valid={(v) => FormOptions.shape.labelWidth.safeParse(v).success}
        error={t('formDesign.labelWidthInvalid')}
        onCommit={(v) => designer.setOption({ labelWidth: v })}
        testId="option-labelWidth"
        disabled={disabled}
      />
      {FLAGS.map((flag) => (
        <Switch.Root
          key={flag}
          size="sm"
          display="flex"
          justifyContent="space-between"
          checked={o[flag]}
          disabled={disabled}
          onCheckedChange={(e) => designer.setOption({ [flag]: e.checked })}
          data-testid={`option-${flag}`}
        >
          <Switch.Label fontSize="sm" fontWeight="normal">
            {t(`formDesign.optionLabels.${flag}`)}
          </Switch.Label>
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      ))}
    </Stack>
  );
}
