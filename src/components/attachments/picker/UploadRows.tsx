import { Badge, HStack, IconButton, Progress, Stack, Text } from '@chakra-ui/react';
import { RotateCw, X } from 'lucide-react';
import { t } from '../../../i18n';
import type { Uploads } from '../useUploads';

/** The files uploading from the picker, one progress bar each. */
export function UploadRows({ uploads }: { uploads: Uploads }) {
  if (uploads.rows.length === 0) return null;
  return (
    <Stack gap="1.5" data-testid="picker-uploads">
      {uploads.rows.map((row) => (
        <HStack key={row.key} gap="2" borderWidth="1px" rounded="md" px="2" py="1" data-testid="picker-upload-row" data-phase={row.phase}>
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2" justify="space-between">
              <Text fontSize="xs" truncate title={row.name}>
                {row.name}
              </Text>
              {row.phase === 'done' ? (
                <Badge size="xs" colorPalette="green">
                  {t('picker.uploadDone')}
                </Badge>
              ) : row.phase === 'failed' ? (
                <Badge size="xs" colorPalette="red">
                  {t('picker.uploadFailed')}
                </Badge>
              ) : (
                <Text fontSize="xs" color="fg.muted">
                  {Math.round(row.progress)}%
                </Text>
              )}
            </HStack>
            {row.phase === 'failed' ? (
              <Text fontSize="xs" color="fg.error" truncate title={row.error ?? ''}>
                {row.error}
              </Text>
            ) : (
              row.phase !== 'done' && (
                <Progress.Root size="xs" value={Math.round(row.progress)} colorPalette="blue" data-testid="picker-upload-progress">
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )
            )}
          </Stack>
          {row.canRetry && (
            <IconButton size="2xs" variant="ghost" aria-label={t('picker.retry')} title={t('picker.retry')} onClick={() => uploads.retry(row.key)}>
              <RotateCw />
            </IconButton>
          )}
          <IconButton size="2xs" variant="ghost" aria-label={t('picker.remove')} title={t('picker.remove')} onClick={() => uploads.remove(row.key)}>
            <X />
          </IconButton>
        </HStack>
      ))}
    </Stack>
  );
}
