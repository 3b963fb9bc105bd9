import { Alert, Badge, Button, Card, Heading, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';
import { SEO_CRAWL_LIMIT, type SeoReportState, type SeoReportSummary } from '../../../models/seoReport';
import { useSeoCheck } from './useSeoCheck';
import { ScoreBadge } from './ScoreBadge';

export const STATE_PALETTE: Record<SeoReportState, string> = { testing: 'blue', completed: 'green', failed: 'red', cancelled: 'orange' };

/** Row actions stay in view on a phone while the table scrolls under them (as the resource lists do). */
const stickyEnd = { position: 'sticky', insetInlineEnd: 0, zIndex: 1, bg: 'bg', boxShadow: { base: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)', md: 'none' } } as const;

/** The completed report before `index` in the list (newest first), to compare with. */
const previousCompleted = (reports: SeoReportSummary[], index: number) => reports.slice(index + 1).find((r) => r.state === 'completed');

/** /seoCheck/index: start a diagnosis of the current site, follow it, open and compare the kept reports. */
export default function SeoCheckPage() {
  const seo = useSeoCheck();
  const [, navigate] = useLocation();
  const open = (id: number, base?: number) => navigate(`/seoCheck/report?id=${id}${base ? `&base=${base}` : ''}`);
  return (
    <Stack gap="4" data-testid="seo-check">
      <Stack gap="1">
        <Heading size="md">{t('seoCheck.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">{t('seoCheck.hint', { limit: SEO_CRAWL_LIMIT })}</Text>
      </Stack>
      <Card.Root size="sm">
        <Card.Body gap="3">
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="blue" disabled={!seo.canStart} loading={seo.starting} onClick={seo.start} data-testid="seo-start">
              {t('seoCheck.start')}
            </Button>
            {seo.running && (
              <Button size="sm" variant="outline" colorPalette="red" disabled={!seo.canCancel} onClick={seo.cancel} data-testid="seo-cancel">
                {t('seoCheck.cancel')}
              </Button>
            )}
            {seo.succeeded && seo.lastReportId && (
              <Button size="sm" variant="outline" onClick={() => open(seo.lastReportId!)} data-testid="seo-open-last">
                {t('seoCheck.view')} #{seo.lastReportId}
              </Button>
            )}
          </HStack>
          {seo.startError && (
            <Alert.Root status="error" size="sm" data-testid="seo-error">
              <Alert.Indicator />
              <Alert.Title>{t('seoCheck.startFailed', { message: seo.startError })}</Alert.Title>
            </Alert.Root>
          )}
          {(seo.running || seo.finished) && (
            <Stack gap="2" data-testid="seo-progress">
              <Progress.Root value={seo.progress} colorPalette={seo.failed ? 'red' : seo.succeeded ? 'green' : 'blue'} striped={seo.running} animated={seo.running}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="sm" data-testid="seo-status">
                {seo.running
                  ? seo.cancelling
                    ? t('seoCheck.cancelling')
                    : t('seoCheck.running', { progress: seo.progress })
                  : seo.failed
                    ? t('seoCheck.report.failed', { message: seo.jobError ?? '' })
                    : seo.succeeded
                      ? t('seoCheck.states.completed')
                      : t('seoCheck.states.cancelled')}
              </Text>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <Stack gap="2">
        <Heading size="sm">{t('seoCheck.reports')}</Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="seo-reports">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('seoCheck.columns.id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('seoCheck.columns.state')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('seoCheck.columns.score')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('seoCheck.columns.pages')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('seoCheck.columns.findings')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('seoCheck.columns.by')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('seoCheck.columns.time')}</Table.ColumnHeader>
                <Table.ColumnHeader {...stickyEnd} />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {seo.loaded && !seo.reports.length && (
                <Table.Row>
                  <Table.Cell colSpan={8} textAlign="center" color="fg.muted" data-testid="seo-no-reports">
                    {t('seoCheck.noReports')}
                  </Table.Cell>
                </Table.Row>
              )}
              {seo.reports.map((r, index) => {
                const previous = previousCompleted(seo.reports, index);
                return (
                  <Table.Row key={r.id} data-testid={`seo-report-${r.id}`}>
                    <Table.Cell>{r.id}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATE_PALETTE[r.state]} data-testid="seo-report-state">
                        {t(`seoCheck.states.${r.state}`)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{r.score === null ? '–' : <ScoreBadge score={r.score} />}</Table.Cell>
                    <Table.Cell textAlign="end">{r.pages}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap" fontSize="xs">
                      {r.state === 'completed' ? t('seoCheck.counts', { errors: r.errors, warnings: r.warnings, notices: r.notices }) : ''}
                    </Table.Cell>
                    <Table.Cell>{r.created_by_name}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(r.created_at)}</Table.Cell>
                    <Table.Cell {...stickyEnd}>
                      <HStack gap="1" justify="end">
                        <Button size="xs" variant="outline" onClick={() => open(r.id)} data-testid="seo-report-open">
                          {t('seoCheck.view')}
                        </Button>
                        {r.state === 'completed' && previous && (
                          <Button size="xs" variant="ghost" onClick={() => open(r.id, previous.id)} data-testid="seo-report-compare">
                            {t('seoCheck.compare')}
                          </Button>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    </Stack>
  );
}
