import { useMemo, useSyncExternalStore, type RefObject } from 'react';
import { Alert, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { t } from '../../i18n';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { resumeStore } from '../../components/attachments/resumeStore';
import { formatBytes } from '../../components/attachments/fileSize';
import { UploadList } from '../../components/attachments/UploadList';
import type { Uploads } from '../../components/attachments/useUploads';

// The upload button (several files at once), the compression switch, interrupted uploads that a
// reload left behind (choosing the same file again resumes it) and the per-file progress rows.

/** Chunked uploads of this site a reload interrupted and that are not running now. */
function useInterrupted(uploads: Uploads) {
  const site = useStore(currentSiteStore);
  const version = useSyncExternalStore(resumeStore.subscribe, resumeStore.version, resumeStore.version);
  return useMemo(() => {
    const running = new Set(uploads.rows.filter((r) => r.phase !== 'cancelled').map((r) => `${r.name}/${r.size}`));
    return resumeStore.pending(site).filter((p) => !running.has(`${p.name}/${p.size}`));
    // `version` is the store's change signal.
  }, [site, version, uploads.rows]);
}

export function UploadButton({ onFiles, input, testId = 'upload-input' }: { onFiles: (files: FileList) => void; input: RefObject<HTMLInputElement | null>; testId?: string }) {
  return (
    <>
      <Button size="sm" colorPalette="blue" onClick={() => input.current?.click()} data-testid="upload-button">
        <Upload /> {t('attachment.upload.button')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid={testId}
        onChange={(e) => {
          const files = e.currentTarget.files;
          if (files?.length) onFiles(files);
          e.currentTarget.value = '';
        }}
      />
    </>
  );
}

export function CompressSwitch({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} title={t('attachment.upload.compressHint')} data-testid="upload-compress">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label whiteSpace="nowrap">{t('attachment.upload.compress')}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export function UploadPanel({ uploads, onResumeChoose }: { uploads: Uploads; onResumeChoose: () => void }) {
  const interrupted = useInterrupted(uploads);
  const site = useStore(currentSiteStore);
  return (
    <Stack gap="2">
      {interrupted.length > 0 && (
        <Alert.Root status="warning" size="sm" data-testid="upload-interrupted">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('attachment.upload.resumeTitle', { count: interrupted.length })}</Alert.Title>
            <Alert.Description>
              <Text as="span">{t('attachment.upload.resumeHint')} </Text>
              {interrupted.map((p) => (
                <Text as="span" key={`${p.name}/${p.size}`} fontWeight="medium" wordBreak="break-all" data-testid="upload-interrupted-file">
                  {p.name} ({formatBytes(p.size)}){' '}
                </Text>
              ))}
            </Alert.Description>
            <HStack gap="2" mt="1.5">
              <Button size="2xs" colorPalette="orange" onClick={onResumeChoose} data-testid="upload-resume-choose">
                {t('attachment.upload.resumeChoose')}
              </Button>
              <Button size="2xs" variant="ghost" onClick={() => resumeStore.forgetSite(site)}>
                {t('attachment.upload.resumeForget')}
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      <UploadList uploads={uploads} />
    </Stack>
  );
}
