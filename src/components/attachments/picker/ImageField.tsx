import { Box, Button, HStack, IconButton, Image, Input } from '@chakra-ui/react';
import { Images, X } from 'lucide-react';
import { t } from '../../../i18n';
import { AttachmentPicker } from './AttachmentPicker';
import { useAttachmentPicker } from './useAttachmentPicker';

export interface ImageFieldProps {
  value: string;
  onChange: (url: string) => void;
  /** The address input's test id; the button and preview add -choose and -preview. */
  testId?: string;
  readOnly?: boolean;
}

/**
 * One image by address: typed, or chosen from the attachment library through the picker (one image
 * at most), with a small preview and a clear button.
 */
export function ImageField({ value, onChange, testId, readOnly }: ImageFieldProps) {
  const picker = useAttachmentPicker((items) => items[0] && onChange(items[0].url));
  return (
    <HStack gap="2" w="full" align="center">
      <Input
        data-testid={testId}
        flex="1"
        minW="0"
        readOnly={readOnly}
        placeholder={t('imageField.placeholder')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {value ? (
        <Box position="relative" flexShrink={0} w="36px" h="36px" borderWidth="1px" rounded="md" overflow="hidden" bg="bg.muted" data-testid={testId ? `${testId}-preview` : undefined}>
          <Image src={value} alt="" w="full" h="full" objectFit="contain" />
        </Box>
      ) : null}
      {value && !readOnly ? (
        <IconButton size="xs" variant="ghost" aria-label={t('imageField.remove')} title={t('imageField.remove')} onClick={() => onChange('')}>
          <X />
        </IconButton>
      ) : null}
      {!readOnly && (
        <Button size="sm" variant="outline" flexShrink={0} aria-label={t('imageField.choose')} data-testid={testId ? `${testId}-choose` : undefined} onClick={() => picker.show({ max: 1, kind: 'image' })}>
          <Images /> <Box as="span" hideBelow="sm">{t('imageField.choose')}</Box>
        </Button>
      )}
      <AttachmentPicker picker={picker} />
    </HStack>
  );
}
