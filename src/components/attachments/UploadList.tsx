import { Badge, Box, Button, HStack, IconButton, Progress, Stack, Text } from '@chakra-ui/react';
import { RotateCcw, Trash2, X } from 'lucide-react';
import { t } from '../../i18n';
import { formatBytes } from './fileSize';
import type { UploadPhase, UploadRow, Uploads } from './useUploads';

// The files of useUploads, one row each: name, size, phase, a progress bar with its percent, the
// error of a failed upload, and retry / cancel / remove. Shared by the attachment screen and picker.

const PHASE_PALETTE: Record<UploadPhase, string> = { preparing: 'gray', sending: 'blue', done: 'green', failed: 'red', cancelled: 'gray' };

function phaseLabel(row: UploadRow): string {
  if (row.phase === 'done') return t(row.instant ? 'attachment.upload.instant' : 'attachment.upload.done');
  if (row.phase === 'sending') return t(row.chunked ? 'attachment.upload.chunked' : 'attachment.upload.sending');
  return t(`attachment.upload.${row.phase}`);
}

function UploadItem({ row, uploads }: { row: UploadRow; uploads: Uploads }) {
  const palette = PHASE_PALETTE[row.phase];
  return (
    <Box borderWidth="1px" rounded="md" p="2" bg="bg" data-testid="upload-row" data-phase={row.phase} data-name={row.name}>
      <HStack gap="2" minW="0">
        <Text fontSize="sm" fontWeight="medium" truncate flex="1" minW="0" title={row.name}>
          {row.name}
        </Text>
        <Text fontSize="xs" color="fg.muted" flexShrink={0}>
          {formatBytes(row.size)}
        </Text>
        <Badge size="sm" variant="subtle" colorPalette={palette} flexShrink={0} data-testid="upload-phase">
          {phaseLabel(row)}
        </Badge>
        {row.canRetry && (
          <IconButton size="2xs" variant="ghost" colorPalette="blue" aria-label={t('attachment.upload.retry')} title={t('attachment.upload.retry')} onClick={() => uploads.retry(row.key)} data-testid="upload-retry">
            <RotateCcw />
          </IconButton>
        )}
        {row.canCancel ? (
          <IconButton size="2xs" variant="ghost" aria-label={t('attachment.upload.cancel')} title={t('attachment.upload.cancel')} onClick={() => uploads.cancel(row.key)} data-testid="upload-cancel">
            <X />
          </IconButton>
        ) : (
          <IconButton size="2xs" variant="ghost" aria-label={t('attachment.upload.remove')} title={t('attachment.upload.remove')} onClick={() => uploads.remove(row.key)} data-testid="upload-remove">
            <Trash2 />
          </IconButton>
        )}
      </HStack>
      {row.phase !== 'cancelled' && (
        <HStack gap="2" mt="1.5">
          <Progress.Root value={row.progress} size="xs" colorPalette={palette} flex="1" data-testid="upload-progress" data-value={row.progress}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="xs" color="fg.muted" w="3em" textAlign="end" data-testid="upload-percent">
            {row.progress}%
          </Text>
        </HStack>
      )}
      {row.error && (
        <Text fontSize="xs" color="fg.error" mt="1" wordBreak="break-word" data-testid="upload-error">
          {row.error}
        </Text>
      )}
    </Box>
  );
}

/** The upload rows, newest last, with "clear finished" once something finished. */
export function UploadList({ uploads }: { uploads: Uploads }) {
  if (!uploads.rows.length) return null;
  const finished = uploads.rows.some((r) => r.phase === 'done');
  return (
    <Stack gap="1.5" data-testid="upload-list">
      {uploads.rows.map((row) => (
        <UploadItem key={row.key} row={row} uploads={uploads} />
      ))}
      {finished && (
        <Box>
          <Button size="2xs" variant="ghost" onClick={uploads.clearFinished} data-testid="upload-clear">
            {t('attachment.upload.clearFinished')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
