import { lazy, Suspense } from 'react';
import { Badge, Box, Button, CloseButton, Drawer, EmptyState, Heading, HStack, IconButton, Input, Link, Portal, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { ArrowLeft, Download, Eye, Inbox, RefreshCw } from 'lucide-react';
import { useLocation } from 'wouter';
import { displayValue, type FormSubmission } from '../../../models/form';
import type { FormRule } from '../../../models/formRules';
import { t, useT } from '../../i18n';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../resource/Pagination';
import { formatDateTime } from '../resource/format';
import { useFormDetail, type FormDetail } from './useFormDetail';
import { chartHeight } from './chartHeight';

const StatisticsChart = lazy(() => import('./StatisticsChart'));
/** Columns the table shows besides the time; the drawer shows every field. */
const TABLE_FIELDS = 4;

function Value({ rule, value }: { rule: FormRule; value: unknown }) {
  const { lang } = useT();
  if (value === undefined || value === null) return <Text as="span" color="fg.subtle">—</Text>;
  if ((rule.type === 'upload' || rule.type === 'image') && Array.isArray(value)) {
    return (
      <Stack gap="0.5">
        {value.map((f, i) => {
          const file = f as { name?: string; url?: string };
          const safe = typeof file.url === 'string' && /^(https?:\/\/|\/)/i.test(file.url);
          return safe ? (
            <Link key={i} href={file.url} target="_blank" rel="noopener noreferrer" color="blue.fg">
              {file.name || file.url}
            </Link>
          ) : (
            <Text key={i}>{file.name}</Text>
          );
        })}
      </Stack>
    );
  }
  return <>{displayValue(rule, value, lang)}</>;
}

function Filters({ d }: { d: FormDetail }) {
  return (
    <HStack gap="2" flexWrap="wrap" as="form" onSubmit={(e) => (e.preventDefault(), d.search())}>
      <Input size="sm" type="date" w="150px" aria-label={t('forms.start')} value={d.draft.start} onChange={(e) => d.setDraft({ start: e.target.value })} data-testid="filter-start" />
      <Text fontSize="sm" color="fg.muted">–</Text>
      <Input size="sm" type="date" w="150px" aria-label={t('forms.end')} value={d.draft.end} onChange={(e) => d.setDraft({ end: e.target.value })} data-testid="filter-end" />
      <Input size="sm" w="180px" placeholder={t('forms.keyword')} aria-label={t('forms.keyword')} value={d.draft.keyword} onChange={(e) => d.setDraft({ keyword: e.target.value })} data-testid="filter-keyword" />
      <Button size="sm" colorPalette="blue" type="submit" data-testid="filter-search">
        {t('forms.search')}
      </Button>
      <Button size="sm" variant="outline" onClick={d.resetFilters}>
        {t('forms.reset')}
      </Button>
    </HStack>
  );
}

function SubmissionTable({ d }: { d: FormDetail }) {
  const shown = d.fields.slice(0, TABLE_FIELDS);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" interactive data-testid="table-submissions">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader w="60px">ID</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('forms.submittedAt')}</Table.ColumnHeader>
            {shown.map((f) => (
              <Table.ColumnHeader key={f.field} whiteSpace="nowrap">
                {f.title || f.field}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('forms.region')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {d.busy && d.rows.length === 0
            ? Array.from({ length: 4 }, (_, i) => (
                <Table.Row key={i}>
                  <Table.Cell colSpan={shown.length + 4}>
                    <Skeleton height="18px" />
                  </Table.Cell>
                </Table.Row>
              ))
            : d.rows.map((row) => (
                <Table.Row key={row.id} data-testid={`submission-${row.id}`}>
                  <Table.Cell>{row.id}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(row.created_at)}</Table.Cell>
                  {shown.map((f) => (
                    <Table.Cell key={f.field} maxW="220px" truncate>
                      <Value rule={f} value={row.values[f.field]} />
                    </Table.Cell>
                  ))}
                  <Table.Cell display={{ base: 'none', md: 'table-cell' }}>{row.region || '—'}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <IconButton size="xs" variant="ghost" aria-label={t('forms.view')} title={t('forms.view')} onClick={() => d.show(row)} data-testid={`view-${row.id}`}>
                      <Eye />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
          {!d.busy && d.rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={shown.length + 4}>
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <Inbox />
                    </EmptyState.Indicator>
                    <EmptyState.Description>{t('forms.empty')}</EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function SubmissionDrawer({ d }: { d: FormDetail }) {
  const row: FormSubmission | null = d.open;
  const meta: Array<[string, string]> = row
    ? [
        [t('forms.submittedAt'), formatDateTime(row.created_at)],
        [t('forms.ip'), row.ip],
        [t('forms.region'), row.region || '—'],
        [t('forms.page'), row.page],
        [t('forms.userAgent'), row.user_agent],
      ]
    : [];
  return (
    <Drawer.Root open={row !== null} onOpenChange={(e) => !e.open && d.close()} placement="end" size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="submission-drawer">
            <Drawer.Header>
              <Drawer.Title>
                {t('forms.submission')} #{row?.id}
              </Drawer.Title>
              {row?.inquiry_id && <Badge colorPalette="green">{t('forms.inquiry')}</Badge>}
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3">
                {d.fields.map((f) => (
                  <Box key={f.field}>
                    <Text fontSize="xs" color="fg.muted">
                      {f.title || f.field}
                    </Text>
                    <Box fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                      <Value rule={f} value={row?.values[f.field]} />
                    </Box>
                  </Box>
                ))}
                <Box borderTopWidth="1px" pt="3">
                  {meta.map(([k, v]) => (
                    <HStack key={k} align="flex-start" fontSize="xs" gap="2">
                      <Text color="fg.muted" minW="72px">
                        {k}
                      </Text>
                      <Text wordBreak="break-all">{v}</Text>
                    </HStack>
                  ))}
                </Box>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function Statistics({ d }: { d: FormDetail }) {
  const stats = d.statistics;
  if (!stats) return null;
  if (!stats.fields.length) return <Text color="fg.muted">{t('forms.noStatistics')}</Text>;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t('forms.total', { count: stats.total })}
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {stats.fields.map((f) => (
          <Box key={f.field} borderWidth="1px" rounded="md" p="3" bg="bg" data-testid={`stat-${f.field}`}>
            <HStack justify="space-between" mb="1">
              <Text fontWeight="medium">{f.title || f.field}</Text>
              <Text fontSize="xs" color="fg.muted">
                {t('forms.answered', { count: f.answered })}
              </Text>
            </HStack>
            <Box h={`${chartHeight(f)}px`}>
              <Suspense fallback={<Skeleton height="100%" />}>
                <StatisticsChart field={f} />
              </Suspense>
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** One form's collected data (/form/detail?id=). */
export default function FormDetailPage() {
  const d = useFormDetail();
  const [, navigate] = useLocation();
  const back = (
    <Button size="sm" variant="ghost" onClick={() => navigate('/Form/index')}>
      <ArrowLeft /> {t('forms.back')}
    </Button>
  );
  if (d.missingId) return <Stack gap="3">{back}<Text>{t('forms.missingId')}</Text></Stack>;
  const submissions = (
    <Stack gap="3">
      <Filters d={d} />
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" variant="outline" onClick={() => d.exportAs('xlsx')} data-testid="export-xlsx">
          <Download /> {t('forms.exportXlsx')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => d.exportAs('csv')} data-testid="export-csv">
          <Download /> {t('forms.exportCsv')}
        </Button>
        <IconButton size="sm" variant="ghost" onClick={d.reload} aria-label={t('common.refresh')}>
          <RefreshCw />
        </IconButton>
      </HStack>
      <SubmissionTable d={d} />
      <Pagination page={d.page} limit={d.limit} count={d.count} onPage={d.setPage} onLimit={d.setLimit} />
    </Stack>
  );
  return (
    <Stack gap="3" data-testid="page-form-detail">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Heading size="md">{d.form?.name ?? '…'}</Heading>
          {d.form && <Badge>{t(`resources.form.options.type.${d.form.type}`)}</Badge>}
          {d.form && <Badge colorPalette={d.form.status === 'published' ? 'green' : 'gray'}>{t(`resources.form.options.status.${d.form.status}`)}</Badge>}
        </HStack>
        {back}
      </HStack>
      {d.failed && <LoadError message={d.error} onRetry={d.reload} />}
      {d.form?.type === 'questionnaire' && (
        <HStack gap="0" role="tablist">
          <Button size="sm" role="tab" aria-selected={d.view === 'data'} variant={d.view === 'data' ? 'solid' : 'outline'} roundedEnd="0" onClick={() => d.setView('data')} data-testid="tab-data">
            {t('forms.submissions')}
          </Button>
          <Button size="sm" role="tab" aria-selected={d.view === 'stats'} variant={d.view === 'stats' ? 'solid' : 'outline'} roundedStart="0" onClick={() => d.setView('stats')} data-testid="tab-statistics">
            {t('forms.statistics')}
          </Button>
        </HStack>
      )}
      {d.form?.type === 'questionnaire' && d.view === 'stats' ? <Statistics d={d} /> : submissions}
      <SubmissionDrawer d={d} />
    </Stack>
  );
}
