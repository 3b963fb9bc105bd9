import type { ReactNode } from 'react';
import { Button, DataList, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { INQUIRY_STATUSES } from '../../../models/inquiry';
import { t } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
import { LoadError } from '../../components/LoadError';
import { formatDateTime } from '../resource/format';
import type { InquiryDesk } from './useInquiryDesk';
import { InquiryStatusBadge } from './InquiryStatusBadge';

const field = (name: string) => t(`resources.inquiry.fields.${name}`);
const orDash = (v: string) => v || '—';

/** One inquiry in full (all fields, when and where from), its status marks and delete. */
export function InquiryDialog({ desk, onDelete }: { desk: InquiryDesk; onDelete: (id: number) => void }) {
  const q = desk.inquiry;
  const rows: Array<[string, ReactNode]> = q
    ? [
        ['name', q.name],
        ['phone', orDash(q.phone)],
        ['email', q.email ? <Link href={`mailto:${q.email}`}>{q.email}</Link> : '—'],
        ['company', orDash(q.company)],
        ['created_at', formatDateTime(q.created_at)],
        ['page', q.page ? <Link href={q.page} target="_blank" rel="noopener noreferrer" wordBreak="break-all">{q.page}</Link> : '—'],
        ['ip', orDash(q.ip)],
        ['region', orDash(q.region)],
        ['user_agent', <Text as="span" wordBreak="break-all">{orDash(q.user_agent)}</Text>],
      ]
    : [];
  return (
    <DraggableDialog
      open={desk.open}
      onClose={desk.close}
      width={640}
      testId="inquiry-dialog"
      title={q ? t('inquiries.detailTitle', { name: q.name }) : t('inquiries.view')}
      footer={
        q && (
          <>
            <Button size="sm" variant="outline" colorPalette="red" disabled={desk.busy} onClick={() => onDelete(q.id)} data-testid="inquiry-delete">
              <Trash2 /> {t('common.delete')}
            </Button>
            <Button size="sm" variant="ghost" onClick={desk.close}>
              {t('common.close')}
            </Button>
          </>
        )
      }
    >
      {desk.failed && <LoadError message={desk.error ?? ''} onRetry={() => desk.id !== null && desk.show(desk.id)} />}
      {desk.loading && (
        <Stack gap="3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height="18px" />
          ))}
        </Stack>
      )}
      {q && desk.shown && (
        <Stack gap="4">
          <HStack gap="2" flexWrap="wrap" data-testid="inquiry-marks">
            <Text fontSize="sm" color="fg.muted">
              {field('status')}:
            </Text>
            <InquiryStatusBadge status={q.status} />
            {INQUIRY_STATUSES.filter((s) => s !== q.status).map((s) => (
              <Button key={s} size="xs" variant="outline" disabled={!desk.canMark([q.id], s)} onClick={() => desk.mark([q.id], s)} data-testid={`mark-${s}`}>
                {t(`inquiries.mark.${s}`)}
              </Button>
            ))}
          </HStack>
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            {rows.map(([name, value]) => (
              <DataList.Item key={name} data-testid={`inquiry-${name}`}>
                <DataList.ItemLabel minW="84px">{field(name)}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              {field('content')}
            </Text>
            <Text whiteSpace="pre-wrap" wordBreak="break-word" bg="bg.muted" rounded="md" p="3" data-testid="inquiry-content">
              {q.content}
            </Text>
          </Stack>
        </Stack>
      )}
    </DraggableDialog>
  );
}
