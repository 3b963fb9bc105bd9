import { Button, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { Plus, X } from 'lucide-react';
import type { FieldOption } from '../../../models/contentModel';
import { t } from '../../i18n';

/** A choice field's options as value / label rows. */
export function OptionsEditor({ value, onChange }: { value: FieldOption[]; onChange: (options: FieldOption[]) => void }) {
  const set = (i: number, patch: Partial<FieldOption>) => onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <Stack gap="2" data-testid="options-editor">
      {value.map((o, i) => (
        <HStack key={i} gap="2">
          <Input size="sm" placeholder={t('modelField.optionValue')} aria-label={t('modelField.optionValue')} value={o.value} onChange={(e) => set(i, { value: e.currentTarget.value })} data-testid={`option-value-${i}`} />
          <Input size="sm" placeholder={t('modelField.optionLabel')} aria-label={t('modelField.optionLabel')} value={o.label} onChange={(e) => set(i, { label: e.currentTarget.value })} data-testid={`option-label-${i}`} />
          <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('modelField.removeOption')} title={t('modelField.removeOption')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
            <X />
          </IconButton>
        </HStack>
      ))}
      <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onChange([...value, { value: '', label: '' }])} data-testid="option-add">
        <Plus /> {t('modelField.addOption')}
      </Button>
    </Stack>
  );
}
