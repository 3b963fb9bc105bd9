import type { ReactNode } from 'react';
import { Badge, Button, DataList, Field, Grid, HStack, Input, Link, Separator, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { Save, Send, Trash2 } from 'lucide-react';
import { INQUIRY_STATUSES } from '../../../models/inquiry';
import { inquiryAssigneeOptions, inquiryCateOptions } from '../../../models/resources/inquiry';
import { t } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
import { LoadError } from '../../components/LoadError';
import { OptionSelect } from '../../components/OptionSelect';
import { formatDateTime } from '../resource/format';
import { useOptions } from '../resource/optionsStore';
import type { InquiryDesk } from './useInquiryDesk';
import { InquiryStatusBadge } from './InquiryStatusBadge';

const field = (name: string) => t(`resources.inquiry.fields.${name}`);
const orDash = (v: string) => v || '—';
const idOrNull = (v: string | number | undefined) => (v === undefined || v === '' ? null : Number(v));

/** Category, status, assignee and notes, saved together. */
function HandlingForm({ desk }: { desk: InquiryDesk }) {
  const cates = useOptions(inquiryCateOptions);
  const assignees = useOptions(inquiryAssigneeOptions);
  const h = desk.handling!;
  const disabled = !desk.editable;
  return (
    <Stack gap="3" data-testid="inquiry-handling">
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="3">
        <Field.Root>
          <Field.Label>{field('cate_id')}</Field.Label>
          <OptionSelect size="sm" testId="inquiry-cate" value={h.cate_id} options={cates} emptyLabel={t('inquiries.none')} onChange={(v) => desk.edit({ cate_id: idOrNull(v) })} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{field('status')}</Field.Label>
          <OptionSelect
            size="sm"
            testId="inquiry-status-select"
            value={h.status}
            options={INQUIRY_STATUSES.map((s) => ({ value: s, label: t(`resources.inquiry.statuses.${s}`) }))}
            emptyLabel={t('common.pleaseSelect')}
            onChange={(v) => v !== undefined && desk.edit({ status: Number(v) })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{field('assignee_id')}</Field.Label>
          <OptionSelect size="sm" testId="inquiry-assignee" value={h.assignee_id} options={assignees} emptyLabel={t('inquiries.none')} onChange={(v) => desk.edit({ assignee_id: idOrNull(v) })} />
        </Field.Root>
      </Grid>
      <Field.Root>
        <Field.Label>{field('notes')}</Field.Label>
        <Textarea size="sm" rows={2} value={h.notes} disabled={disabled} onChange={(e) => desk.edit({ notes: e.currentTarget.value })} data-testid="inquiry-notes" />
      </Field.Root>
      <HStack justify="flex-end">
        <Button size="sm" colorPalette="blue" disabled={!desk.canSave} loading={desk.saving} onClick={desk.save} data-testid="inquiry-save">
          <Save /> {t('inquiries.saveHandling')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The replies sent (or tried) so far, oldest first, then the form for a new one. */
function ReplyThread({ desk }: { desk: InquiryDesk }) {
  const q = desk.inquiry!;
  return (
    <Stack gap="3" data-testid="inquiry-replies">
      <Text fontWeight="semibold" fontSize="sm">
        {t('inquiries.reply.thread')}
      </Text>
      {desk.replies.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="inquiry-replies-empty">
          {t('inquiries.reply.empty')}
        </Text>
      ) : (
        desk.replies.map((r) => (
          <Stack key={r.id} gap="1" borderWidth="1px" borderColor={r.status === 'failed' ? 'border.error' : 'border'} rounded="md" p="3" data-testid={`reply-${r.id}`} data-status={r.status}>
            <HStack justify="space-between" flexWrap="wrap" gap="2">
              <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
                {r.subject}
              </Text>
              <Badge colorPalette={r.status === 'sent' ? 'green' : 'red'} variant="subtle">
                {t(`inquiries.reply.${r.status}`)}
              </Badge>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {t('inquiries.reply.by', { name: r.admin_name || '—', time: formatDateTime(r.sent_at) })} · {t('inquiries.reply.to', { to: r.to })}
            </Text>
            <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
              {r.body}
            </Text>
            {r.error && (
              <Text fontSize="xs" color="fg.error" wordBreak="break-word" data-testid="reply-error">
                {r.error}
              </Text>
            )}
          </Stack>
        ))
      )}
      <Text fontWeight="semibold" fontSize="sm" pt="1">
        {t('inquiries.reply.title')}
      </Text>
      {q.email ? (
        <Stack gap="2" data-testid="inquiry-reply-form">
          <Text fontSize="xs" color="fg.muted">
            {t('inquiries.reply.to', { to: q.email })}
          </Text>
          <Field.Root>
            <Field.Label>{t('inquiries.reply.subject')}</Field.Label>
            <Input size="sm" value={desk.reply.subject} disabled={!desk.editable} onChange={(e) => desk.editReply({ subject: e.currentTarget.value })} data-testid="reply-subject" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('inquiries.reply.body')}</Field.Label>
            <Textarea size="sm" rows={4} value={desk.reply.body} disabled={!desk.editable} onChange={(e) => desk.editReply({ body: e.currentTarget.value })} data-testid="reply-body" />
          </Field.Root>
          <HStack justify="flex-end">
            <Button size="sm" colorPalette="blue" disabled={!desk.canSend} loading={desk.sending} onClick={desk.send} data-testid="reply-send">
              <Send /> {t('inquiries.reply.send')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="inquiry-no-email">
          {t('inquiries.reply.noEmail')}
        </Text>
      )}
    </Stack>
  );
}

/** One inquiry in full (all fields, when and where from), its handling, its e-mail replies, and delete. */
export function InquiryDialog({ desk, onDelete }: { desk: InquiryDesk; onDelete: (id: number) => void }) {
  const q = desk.inquiry;
  const rows: Array<[string, ReactNode]> = q
    ? [
        ['name', q.name],
        ['phone', orDash(q.phone)],
        ['email', q.email ? <Link href={`mailto:${q.email}`}>{q.email}</Link> : '—'],
        ['company', orDash(q.company)],
        ['source', t(`resources.inquiry.sources.${q.source}`)],
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
      width="min(760px, 96vw)"
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
          <Separator />
          <Text fontWeight="semibold" fontSize="sm">
            {t('inquiries.handling')}
          </Text>
          <HandlingForm desk={desk} />
          <Separator />
          <ReplyThread desk={desk} />
        </Stack>
      )}
    </DraggableDialog>
  );
}
