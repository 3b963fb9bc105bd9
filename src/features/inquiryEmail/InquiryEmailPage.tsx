import { Alert, Badge, Box, Button, Card, DataList, Heading, HStack, Link, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';
import type { MailboxStatus } from '../../../models/inquiryEmail';
import { useInquiryEmail, type InquiryEmailView } from './useInquiryEmail';

function lastResult(s: MailboxStatus): string {
  if (s.last_status === 'failed') return s.last_error;
  if (s.last_status === 'running') return t('inquiryEmail.running');
  if (!s.last_result) return '–';
  const r = s.last_result;
  return t('inquiryEmail.resultDone', { ...r }) + (r.refused ? t('inquiryEmail.resultRefused', { refused: r.refused }) : '');
}

function StatusCard({ mail }: { mail: InquiryEmailView }) {
  const s = mail.status;
  return (
    <Card.Root size="sm" data-testid="mailbox-status">
      <Card.Body gap="3">
        {s && (
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <DataList.Item>
              <DataList.ItemLabel minW="7rem">{t('inquiryEmail.mailbox')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette={s.configured ? 'green' : 'gray'} data-testid="mailbox-configured">
                    {t(s.configured ? 'inquiryEmail.set' : 'inquiryEmail.notSet')}
                  </Badge>
                  {s.configured && (
                    <Text wordBreak="break-all">{t('inquiryEmail.account', { user: s.user, host: s.host, mailbox: s.mailbox })}</Text>
                  )}
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="7rem">{t('inquiryEmail.schedule')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {s.enabled && s.interval_minutes > 0 ? t('inquiryEmail.scheduleOn', { minutes: s.interval_minutes }) : t('inquiryEmail.scheduleOff')}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="7rem">{t('inquiryEmail.lastPull')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="mailbox-last-pull">{s.last_pull_at ? formatDateTime(s.last_pull_at) : t('inquiryEmail.never')}</DataList.ItemValue>
            </DataList.Item>
            {s.last_status && (
              <DataList.Item>
                <DataList.ItemLabel minW="7rem">{t('inquiryEmail.lastResult')}</DataList.ItemLabel>
                <DataList.ItemValue color={s.last_status === 'failed' ? 'fg.error' : undefined} data-testid="mailbox-last-result">
                  {lastResult(s)}
                </DataList.ItemValue>
              </DataList.Item>
            )}
            {s.next_pull_at && (
              <DataList.Item>
                <DataList.ItemLabel minW="7rem">{t('inquiryEmail.nextPull')}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="mailbox-next-pull">{formatDateTime(s.next_pull_at)}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
        )}
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="blue" disabled={!mail.canPull} loading={mail.starting} onClick={mail.pull} data-testid="mailbox-pull">
            {t('inquiryEmail.pullNow')}
          </Button>
        </HStack>
        {mail.startError && (
          <Alert.Root status="error" size="sm" data-testid="mailbox-error">
            <Alert.Indicator />
            <Alert.Title>{t('inquiryEmail.startFailed', { message: mail.startError })}</Alert.Title>
          </Alert.Root>
        )}
        {mail.running && (
          <Stack gap="1" data-testid="mailbox-progress" role="status">
            <Progress.Root value={mail.progress} colorPalette="blue" striped animated size="sm" aria-label={t('inquiryEmail.pullNow')}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="sm" color="fg.muted">
              {t('inquiryEmail.pulling', { progress: mail.progress })}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** /InquiryEmail/index: the receiving mailbox, "pull now" and the messages pulled into the current site. */
export default function InquiryEmailPage() {
  const mail = useInquiryEmail();
  return (
    <Stack gap="4" data-testid="inquiry-email">
      <Stack gap="1">
        <Heading size="md">{t('inquiryEmail.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('inquiryEmail.hint')}
        </Text>
      </Stack>
      <StatusCard mail={mail} />
      <Stack gap="2">
        <Heading size="sm">{t('inquiryEmail.messages')}</Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="mailbox-messages">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('inquiryEmail.columns.from')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('inquiryEmail.columns.subject')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('inquiryEmail.columns.received')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('inquiryEmail.columns.inquiry')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('inquiryEmail.columns.attachments')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {mail.loaded && !mail.rows.length && (
                <Table.Row>
                  <Table.Cell colSpan={5} textAlign="center" color="fg.muted" data-testid="mailbox-empty">
                    {t('inquiryEmail.empty')}
                  </Table.Cell>
                </Table.Row>
              )}
              {mail.rows.map((m) => (
                <Table.Row key={m.id} data-testid={`mailbox-message-${m.id}`}>
                  <Table.Cell minW="10rem">
                    <Text fontWeight="medium">{m.from_name || m.from_address}</Text>
                    {m.from_name && (
                      <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                        {m.from_address}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell minW="12rem">{m.subject || t('inquiryEmail.noSubject')}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{m.received_at ? formatDateTime(m.received_at) : '–'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {m.inquiry_id ? (
                      <Link asChild colorPalette="blue" variant="underline">
                        <RouterLink href={`/Inquiry/index?id=${m.inquiry_id}`}>{t('inquiryEmail.openInquiry', { id: m.inquiry_id })}</RouterLink>
                      </Link>
                    ) : (
                      <Text color="fg.muted">{t('inquiryEmail.inquiryGone')}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell minW="10rem">
                    <Stack gap="0.5">
                      {m.attachments.map((a) => (
                        <Link key={a.id} href={a.url} target="_blank" rel="noreferrer" fontSize="sm" colorPalette="blue" wordBreak="break-all">
                          {a.name}
                        </Link>
                      ))}
                      {m.refused_attachments.map((r) => (
                        <Text key={r.name} fontSize="xs" color="fg.warning">
                          {t('inquiryEmail.refused', { name: r.name, reason: r.reason })}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {mail.count > 0 && (
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontSize="sm" color="fg.muted">
              {t('inquiryEmail.page', { page: mail.page, pages: mail.pages, count: mail.count })}
            </Text>
            <Box>
              <HStack gap="2">
                <Button size="xs" variant="outline" disabled={mail.page <= 1} onClick={() => mail.goTo(mail.page - 1)}>
                  {t('inquiryEmail.prev')}
                </Button>
                <Button size="xs" variant="outline" disabled={mail.page >= mail.pages} onClick={() => mail.goTo(mail.page + 1)}>
                  {t('inquiryEmail.next')}
                </Button>
              </HStack>
            </Box>
          </HStack>
        )}
      </Stack>
    </Stack>
  );
}
