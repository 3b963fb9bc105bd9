import { useState } from 'react';
import { HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { t } from '../../i18n';

/** Tag names: type and press Enter (or a comma) to add; click × to remove. */
export function TagInput({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const names = draft.split(/[,，]/).map((s) => s.trim()).filter(Boolean);
    if (names.length) onChange([...new Set([...value, ...names])]);
    setDraft('');
  };
  return (
    <HStack flexWrap="wrap" gap="2" data-testid="tag-input">
      <Wrap gap="1">
        {value.map((name) => (
          <Tag.Root key={name} size="md" colorPalette="blue">
            <Tag.Label>{name}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger aria-label={t('content.form.remove')} onClick={() => onChange(value.filter((v) => v !== name))} />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </Wrap>
      <Input
        size="sm"
        flex="1"
        minW="120px"
        value={draft}
        placeholder={t('content.form.tagsHint')}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            add();
          }
        }}
        onBlur={add}
      />
    </HStack>
  );
}
