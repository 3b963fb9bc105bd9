import { useRef } from 'react';
import { Alert, Badge, Button, Field, Flex, HStack, IconButton, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { Images, RotateCw, Trash2, Upload } from 'lucide-react';
import { DESIGNER_ATTACHMENT_LIMIT } from '../../../../../models/constants';
import { useT } from '../../../../i18n';
import { DraggableDialog } from '../../../DraggableDialog';
import type { ImageDialogView } from '../../hooks/useImageDialog';
import { AttachmentPicker } from '../../../attachments/picker/AttachmentPicker';
import { useAttachmentPicker } from '../../../attachments/picker/useAttachmentPicker';

const STATUS_PALETTE = { uploading: 'blue', done: 'green', failed: 'red' } as const;
const STATUS_KEY = { uploading: 'uploading', done: 'uploaded', failed: 'failed' } as const;

export function ImageDialog({ image }: { image: ImageDialogView }) {
  const { t } = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const library = useAttachmentPicker(image.insertFromLibrary);
  return (
    <DraggableDialog
      open={image.open}
      onClose={image.close}
      width={520}
      testId="editor-image-dialog"
      title={t('editor.imageDialog.title')}
      footer={
        <>
          <Button size="sm" variant="outline" onClick={image.close}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" disabled={!image.canConfirm} data-testid="editor-image-confirm" onClick={image.confirm}>
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Field.Root invalid={image.urlInvalid}>
          <Field.Label>{t('editor.imageDialog.url')}</Field.Label>
          <Input size="sm" value={image.url} placeholder="https://" data-testid="editor-image-url" onChange={(e) => image.changeUrl(e.currentTarget.value)} />
          <Field.ErrorText>{t('editor.imageDialog.invalidUrl')}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('editor.imageDialog.alt')}</Field.Label>
          <Input size="sm" value={image.alt} data-testid="editor-image-alt" onChange={(e) => image.changeAlt(e.currentTarget.value)} />
        </Field.Root>
        {image.canUpload ? (
          <Stack gap="2">
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              multiple
              hidden
              data-testid="editor-image-files"
              onChange={(e) => {
                if (e.currentTarget.files) image.choose(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
            <HStack gap="2" flexWrap="wrap">
              <Button size="sm" variant="outline" data-testid="editor-image-upload" onClick={() => fileInput.current?.click()}>
                <Upload /> {t('editor.imageDialog.choose')}
              </Button>
              <Button size="sm" variant="outline" data-testid="editor-image-library" onClick={() => library.show({ max: DESIGNER_ATTACHMENT_LIMIT, kind: 'image' })}>
                <Images /> {t('imageField.choose')}
              </Button>
            </HStack>
            <AttachmentPicker picker={library} />
            {image.items.map((item) => (
              <Flex key={item.key} align="center" gap="2" borderWidth="1px" rounded="sm" px="2" py="1" data-testid="editor-image-item" data-status={item.status}>
                <Stack gap="0" flex="1" minW="0">
                  <Text fontSize="sm" truncate title={item.name}>
                    {item.name}
                  </Text>
                  {item.status === 'uploading' && (
                    <HStack gap="2">
                      <Progress.Root value={item.progress} size="xs" colorPalette="blue" flex="1" data-testid="editor-image-progress" data-value={item.progress}>
                        <Progress.Track>
                          <Progress.Range />
                        </Progress.Track>
                      </Progress.Root>
                      <Text fontSize="xs" color="fg.muted" w="3em" textAlign="end">
                        {item.progress}%
                      </Text>
                    </HStack>
                  )}
                  {item.status === 'failed' && item.error && (
                    <Text fontSize="xs" color="fg.error" truncate title={item.error} data-testid="editor-image-error">
                      {item.error}
                    </Text>
                  )}
                </Stack>
                <Badge size="sm" colorPalette={STATUS_PALETTE[item.status]}>
                  {t(`editor.imageDialog.${STATUS_KEY[item.status]}`)}
                </Badge>
                {item.status === 'failed' && (
                  <IconButton size="2xs" variant="ghost" aria-label={t('editor.imageDialog.retry')} title={t('editor.imageDialog.retry')} onClick={() => image.retry(item.key)}>
                    <RotateCw />
                  </IconButton>
                )}
                {item.status !== 'uploading' && (
                  <IconButton size="2xs" variant="ghost" aria-label={t('editor.imageDialog.remove')} title={t('editor.imageDialog.remove')} data-testid="editor-image-remove" onClick={() => image.remove(item.key)}>
                    <Trash2 />
                  </IconButton>
                )}
              </Flex>
            ))}
          </Stack>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            {t('editor.imageDialog.noUpload')}
          </Text>
        )}
        {image.uploading && (
          <Alert.Root status="info" size="sm" data-testid="editor-image-wait">
            <Alert.Indicator />
            <Alert.Title>{t('editor.imageDialog.wait')}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </DraggableDialog>
  );
}
