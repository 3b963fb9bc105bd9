import { useState } from 'react';
import { Box, Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { get } from '../../api/http';
import { DraggableDialog } from '../../components/DraggableDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';
import { RevisionDiff } from './RevisionDiff';
import { useRevisions } from './useRevisions';
import type { ContentRevision } from '../../../models/content';

type Snapshot = Record<string, unknown>;
interface RevisionDetail {
  revision: ContentRevision & { snapshot: Snapshot };
  current: Snapshot;
}

/** The item's revisions: compare any with the current content, restore one (as a new version). */
export function RevisionsPanel({ contentId, version, onRestored }: { contentId: number | null; version: number; onRestored: () => void }) {
  const r = useRevisions(contentId, version);
  // Which revision the dialogs are about: plain view state of two dialogs.
  const [comparing, setComparing] = useState<RevisionDetail | null>(null);
  const [restoring, setRestoring] = useState<ContentRevision | null>(null);
  const compare = async (id: number) => {
    try {
      setComparing((await get<RevisionDetail>('/content/revision', { id })).data);
    } catch (e) {
      notify('error', e instanceof Error ? e.message : String(e));
    }
  };
  if (!contentId) return null;
  return (
    <Card.Root size="sm" data-testid="revisions">
      <Card.Header>
        <Heading size="sm">{t('content.revisions.title')}</Heading>
      </Card.Header>
      <Card.Body>
        {r.busy && !r.revisions.length ? (
          <Spinner size="sm" />
        ) : !r.revisions.length ? (
          <Text color="fg.muted" fontSize="sm">
            {t('content.revisions.empty')}
          </Text>
        ) : (
          <Stack gap="2" maxH="280px" overflowY="auto">
            {r.revisions.map((rev) => (
              <Box key={rev.id} borderBottomWidth="1px" pb="2" data-testid={`revision-${rev.version}`}>
                <HStack justify="space-between">
                  <Text fontSize="sm" fontWeight="medium">
                    {t('content.revisions.version', { version: rev.version })}
                  </Text>
                  <HStack gap="1">
                    <Button size="2xs" variant="ghost" onClick={() => void compare(rev.id)} data-testid={`compare-${rev.version}`}>
                      {t('content.revisions.compare')}
                    </Button>
                    {rev.version !== version && (
                      <Button size="2xs" variant="ghost" colorPalette="orange" onClick={() => setRestoring(rev)} data-testid={`restore-${rev.version}`}>
                        {t('content.revisions.restore')}
                      </Button>
                    )}
                  </HStack>
                </HStack>
                <Text fontSize="xs" color="fg.muted">
                  {rev.created_by_name} · {formatDateTime(rev.created_at)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
      <DraggableDialog
        open={comparing !== null}
        onClose={() => setComparing(null)}
        title={comparing ? t('content.revisions.diffTitle', { version: comparing.revision.version }) : ''}
        width={820}
        testId="diff-dialog"
      >
        {comparing && <RevisionDiff from={comparing.revision.snapshot} to={comparing.current} />}
      </DraggableDialog>
      <ConfirmDialog
        open={restoring !== null}
        title={t('content.revisions.restore')}
        body={restoring ? t('content.revisions.restoreConfirm', { version: restoring.version }) : ''}
        confirmLabel={t('content.revisions.restore')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          const target = restoring!;
          setRestoring(null);
          void r.restore(target.id, onRestored);
        }}
        onCancel={() => setRestoring(null)}
        testId="confirm-restore"
      />
    </Card.Root>
  );
}
