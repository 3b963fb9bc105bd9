import { Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { POSTER_FONT_SIZE } from '../../../models/poster';
import { t } from '../../i18n';
import { ImageField } from '../../components/attachments/picker/ImageField';
import type { PosterEditor } from './usePosterEditor';

/** The selected element's properties: its text or image, font size and colour; its layer; delete. */
export function PosterProperties({ editor }: { editor: PosterEditor }) {
  const el = editor.selected;
  if (!el)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="poster-no-selection">
        {t('posters.noSelection')}
      </Text>
    );
  const disabled = !editor.editable;
  return (
    <Stack gap="3" data-testid="poster-properties">
      <Text fontWeight="semibold" fontSize="sm">
        {t(`posters.kinds.${el.kind}`)}
      </Text>
      {el.kind === 'image' ? (
        <Field.Root>
          <Field.Label>{t('posters.image')}</Field.Label>
          <ImageField value={el.url} onChange={(url) => editor.change({ url })} testId="poster-prop-url" readOnly={disabled} />
        </Field.Root>
      ) : (
        <Field.Root invalid={!el.text.trim()}>
          <Field.Label>{t(el.kind === 'qr' ? 'posters.qrContent' : 'posters.text')}</Field.Label>
          <Textarea size="sm" rows={3} value={el.text} disabled={disabled} onChange={(e) => editor.change({ text: e.currentTarget.value })} data-testid="poster-prop-text" />
          {!el.text.trim() && <Field.ErrorText>{t(el.kind === 'qr' ? 'poster.qrRequired' : 'poster.textRequired')}</Field.ErrorText>}
        </Field.Root>
      )}
      {el.kind === 'text' && (
        <Field.Root>
          <Field.Label>{t('posters.fontSize')}</Field.Label>
          <Input
            size="sm"
            type="number"
            min={POSTER_FONT_SIZE.min}
            max={POSTER_FONT_SIZE.max}
            value={el.font_size}
            disabled={disabled}
            onChange={(e) => {
              const v = Number(e.currentTarget.value);
              if (Number.isFinite(v)) editor.change({ font_size: Math.min(POSTER_FONT_SIZE.max, Math.max(POSTER_FONT_SIZE.min, Math.round(v))) });
            }}
            data-testid="poster-prop-size"
          />
        </Field.Root>
      )}
      {el.kind !== 'image' && (
        <Field.Root>
          <Field.Label>{t('posters.color')}</Field.Label>
          <HStack>
            <Input size="sm" type="color" w="48px" p="1" value={el.color} disabled={disabled} onChange={(e) => editor.change({ color: e.currentTarget.value })} data-testid="poster-prop-color" />
            <Text fontSize="sm" fontFamily="mono">
              {el.color}
            </Text>
          </HStack>
        </Field.Root>
      )}
      <HStack gap="2" flexWrap="wrap">
        <Button size="xs" variant="outline" disabled={!editor.canRaise} onClick={editor.raise} data-testid="poster-raise">
          <ArrowUp /> {t('posters.raise')}
        </Button>
        <Button size="xs" variant="outline" disabled={!editor.canLower} onClick={editor.lower} data-testid="poster-lower">
          <ArrowDown /> {t('posters.lower')}
        </Button>
        <Button size="xs" variant="outline" colorPalette="red" disabled={disabled} onClick={editor.remove} data-testid="poster-remove">
          <Trash2 /> {t('common.delete')}
        </Button>
      </HStack>
    </Stack>
  );
}
