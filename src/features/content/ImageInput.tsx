import { useRef, useState } from 'react';
import { Box, Button, HStack, Image, Input, Stack } from '@chakra-ui/react';
import { Upload, X } from 'lucide-react';
import type { UploadedFile } from '../../../models/content';
import { post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';

/** Uploads one image as an attachment of the current site (the attachment picker comes with issue 4). */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return (await post<UploadedFile>('/content/articleUpload', form, { timeout: 60_000 })).data;
}

/** An image URL with a preview and an upload button. The in-flight flag only drives the button. */
export function ImageInput({ value, onChange, testId }: { value: string; onChange: (url: string) => void; testId?: string }) {
  const picker = useRef<HTMLInputElement>(null);
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
      <HStack>
        <Input data-testid={testId} value={value} placeholder="https://" onChange={(e) => onChange(e.currentTarget.value)} />
        <Button size="sm" variant="outline" loading={uploading} loadingText={t('content.form.uploading')} onClick={() => picker.current?.click()}>
          <Upload /> {t('content.form.upload')}
        </Button>
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
