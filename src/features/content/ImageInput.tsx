import { useRef, useState } from 'react';
import { Box, Button, HStack, Image, Input, Stack } from '@chakra-ui/react';
import { Images, Upload, X } from 'lucide-react';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { AttachmentPicker } from '../../components/attachments/picker/AttachmentPicker';
import { useAttachmentPicker } from '../../components/attachments/picker/useAttachmentPicker';
import { uploadImageAttachment } from '../../components/attachments/uploadImageAttachment';

/** Uploads one image as an attachment of the current site, through the upload chart like every attachment. */
export const uploadImage = uploadImageAttachment;

/** An image URL with a preview, an upload button and the attachment library (one image). The in-flight flag only drives the button. */
export function ImageInput({ value, onChange, testId }: { value: string; onChange: (url: string) => void; testId?: string }) {
  const picker = useRef<HTMLInputElement>(null);
  const library = useAttachmentPicker((items) => items[0] && onChange(items[0].url));
  const [uploading, setUploading] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange((await uploadImage(file)).url);
    } catch (e) {
      notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = '';
    }
  };
  return (
    <Stack gap="2">
      <HStack flexWrap="wrap">
        <Input data-testid={testId} flex="1" minW="160px" value={value} placeholder="https://" onChange={(e) => onChange(e.currentTarget.value)} />
        <Button size="sm" variant="outline" loading={uploading} loadingText={t('content.form.uploading')} onClick={() => picker.current?.click()}>
          <Upload /> {t('content.form.upload')}
        </Button>
        <Button size="sm" variant="outline" data-testid={testId ? `${testId}-choose` : undefined} onClick={() => library.show({ max: 1, kind: 'image' })}>
          <Images /> {t('imageField.choose')}
        </Button>
        <AttachmentPicker picker={library} />
        <input ref={picker} type="file" accept="image/*" hidden onChange={(e) => void choose(e.currentTarget.files?.[0])} data-testid={testId ? `${testId}-file` : undefined} />
      </HStack>
      {value && (
        <Box position="relative" w="120px">
          <Image src={value} alt="" maxH="90px" rounded="md" borderWidth="1px" />
          <Button size="2xs" variant="solid" colorPalette="gray" position="absolute" top="1" right="1" aria-label={t('content.form.remove')} onClick={() => onChange('')}>
            <X />
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** Several image URLs (model field type "images"). */
export function ImagesInput({ value, onChange, testId }: { value: string[]; onChange: (urls: string[]) => void; testId?: string }) {
  return (
    <Stack gap="2" data-testid={testId}>
      {value.map((url, i) => (
        <ImageInput key={i} value={url} onChange={(next) => onChange(next ? value.map((u, j) => (j === i ? next : u)) : value.filter((_, j) => j !== i))} />
      ))}
      <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => onChange([...value, ''])}>
        + {t('content.form.addImage')}
      </Button>
    </Stack>
  );
}
