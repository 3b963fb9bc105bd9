import { Alert, Badge, Button, Card, Heading, HStack, NativeSelect, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useLocation, useSearch } from 'wouter';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';
import { fixPath, SEO_SEVERITIES, SEO_TITLE_MAX, SEO_TITLE_MIN, type SeoFinding, type SeoSeverity } from '../../../models/seoReport';
import { useSeoReport } from './useSeoCheck';
import { ScoreBadge } from './ScoreBadge';
import { STATE_PALETTE } from './SeoCheckPage';

const SEVERITY_PALETTE: Record<SeoSeverity, string> = { error: 'red', warning: 'orange', notice: 'gray' };
const checkLabel = (f: Pick<SeoFinding, 'check'>) =>
  f.check === 'titleLength' ? t('seoCheck.checks.titleLength', { min: SEO_TITLE_MIN, max: SEO_TITLE_MAX }) : t(`seoCheck.checks.${f.check}`);

/** Findings as rows that wrap on a phone: what, where, the detail, and the screen that fixes it. */
function FindingRows({ findings, testId }: { findings: SeoFinding[]; testId: string }) {
  const [, navigate] = useLocation();
  return (
    <Stack gap="0" borderWidth="1px" rounded="md" data-testid={testId}>
      {findings.map((f, i) => (
        <HStack key={f.key} gap="3" px="3" py="2" borderTopWidth={i ? '1px' : undefined} justify="space-between" align="center" data-testid="seo-finding" data-check={f.check}>
          <Stack gap="1" minW="0" flex="1">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={SEVERITY_PALETTE[f.severity]} size="sm">
                {t(`seoCheck.severities.${f.severity}`)}
              </Badge>
              <Text fontSize="sm">{checkLabel(f)}</Text>
            </HStack>
            <HStack gap="3" wrap="wrap" fontSize="xs" color="fg.muted">
              <Text fontFamily="mono" wordBreak="break-all">{f.url || t('seoCheck.report.siteWide')}</Text>
              {f.detail && <Text wordBreak="break-all">{f.detail}</Text>}
            </HStack>
          </Stack>
          <Button size="xs" variant="outline" flexShrink={0} onClick={() => navigate(fixPath(f.fix))} data-testid="seo-fix">
            {t(`seoCheck.report.fixAt.${f.fix.screen}`)}
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}

/** /seoCheck/report?id=[&base=]: a report's score, its score per check, its findings by severity, a comparison. */
export default function SeoReportPage() {
  const query = new URLSearchParams(useSearch());
  const id = Number(query.get('id')) || 0;
  const view = useSeoReport(id, Number(query.get('base')) || null);
  const [, navigate] = useLocation();
  const r = view.report;
  if (view.notFound)
    return (
      <Alert.Root status="warning" data-testid="seo-report-missing">
        <Alert.Indicator />
        <Alert.Title>{t('seoCheck.report.notFound')}</Alert.Title>
      </Alert.Root>
    );
  if (!r) return null;
  return (
    <Stack gap="4" data-testid="seo-report">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2">
          <Heading size="md">{t('seoCheck.report.title', { id: r.id })}</Heading>
          <Badge colorPalette={STATE_PALETTE[r.state]} data-testid="seo-report-state">
            {t(`seoCheck.states.${r.state}`)}
          </Badge>
        </HStack>
        <Button size="sm" variant="ghost" onClick={() => navigate('/seoCheck/index')}>
          {t('seoCheck.report.back')}
        </Button>
      </HStack>
      <Card.Root size="sm">
        <Card.Body gap="3">
          <HStack gap="6" wrap="wrap">
            <Stack gap="0">
              <Text fontSize="xs" color="fg.muted">{t('seoCheck.report.score')}</Text>
              <Text fontSize="3xl" fontWeight="semibold" data-testid="seo-report-score">
                {r.score ?? '–'}
              </Text>
            </Stack>
            <Stack gap="0">
              <Text fontSize="xs" color="fg.muted">{t('seoCheck.report.pages')}</Text>
              <Text fontSize="3xl" fontWeight="semibold">{r.pages}</Text>
            </Stack>
            <Stack gap="1">
              <Text fontSize="sm">{t('seoCheck.counts', { errors: r.errors, warnings: r.warnings, notices: r.notices })}</Text>
              <Text fontSize="xs" color="fg.muted">
                {r.created_by_name} · {formatDateTime(r.created_at)}
              </Text>
            </Stack>
          </HStack>
          {view.testing && (
            <Stack gap="2" data-testid="seo-progress">
              <Progress.Root value={view.progress} striped animated>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <HStack justify="space-between">
                <Text fontSize="sm">{t('seoCheck.running', { progress: view.progress })}</Text>
                <Button size="xs" variant="outline" colorPalette="red" disabled={!view.canCancel} onClick={view.cancel} data-testid="seo-cancel">
                  {t('seoCheck.cancel')}
                </Button>
              </HStack>
            </Stack>
          )}
          {r.state === 'failed' && <Text color="red.fg">{t('seoCheck.report.failed', { message: r.error })}</Text>}
          {r.state === 'cancelled' && <Text color="fg.muted">{t('seoCheck.report.cancelled')}</Text>}
        </Card.Body>
      </Card.Root>

      {r.state === 'completed' && (
        <>
          <Stack gap="2">
            <Heading size="sm">{t('seoCheck.report.findings')}</Heading>
            {!r.findings.length && <Text color="fg.muted">{t('seoCheck.report.none')}</Text>}
            {SEO_SEVERITIES.map((severity) => {
              const group = r.findings.filter((f) => f.severity === severity);
              if (!group.length) return null;
              return (
                <Stack gap="1" key={severity} data-testid={`seo-findings-${severity}`}>
                  <Text fontWeight="medium" fontSize="sm">
                    {t(`seoCheck.severities.${severity}`)} ({group.length})
                  </Text>
                  <FindingRows findings={group} testId={`seo-findings-${severity}-table`} />
                </Stack>
              );
            })}
          </Stack>

          <Stack gap="2">
            <Heading size="sm">{t('seoCheck.report.items')}</Heading>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="seo-items">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('seoCheck.report.item')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                    <Table.ColumnHeader textAlign="end">{t('seoCheck.report.score')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {r.items
                    .filter((i) => i.checked > 0)
                    .map((i) => (
                      <Table.Row key={i.check}>
                        <Table.Cell>
                          <HStack gap="2">
                            <Badge colorPalette={SEVERITY_PALETTE[i.severity]} size="sm">
                              {t(`seoCheck.severities.${i.severity}`)}
                            </Badge>
                            <Text>{checkLabel(i)}</Text>
                          </HStack>
                        </Table.Cell>
                        <Table.Cell fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                          {t('seoCheck.report.passed', { passed: i.checked - i.failed, checked: i.checked })}
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <ScoreBadge score={i.score} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>

          {view.compareOptions.length > 0 && (
            <Stack gap="2" data-testid="seo-compare">
              <HStack gap="2" wrap="wrap">
                <Heading size="sm">{t('seoCheck.report.compareWith')}</Heading>
                <NativeSelect.Root size="sm" maxW="xs">
                  <NativeSelect.Field
                    value={view.baseId ?? ''}
                    onChange={(e) => view.compareWith(Number(e.currentTarget.value) || null)}
                    data-testid="seo-compare-select"
                  >
                    <option value="">{t('seoCheck.report.compareNone')}</option>
                    {view.compareOptions.map((o) => (
                      <option key={o.id} value={o.id}>
                        #{o.id} · {o.score} · {formatDateTime(o.created_at)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </HStack>
              {view.comparison && (
                <Stack gap="2">
                  {!view.comparison.added.length && !view.comparison.fixed.length && <Text color="fg.muted">{t('seoCheck.report.noChange')}</Text>}
                  {view.comparison.added.length > 0 && (
                    <>
                      <Text fontWeight="medium" fontSize="sm">{t('seoCheck.report.added', { count: view.comparison.added.length })}</Text>
                      <FindingRows findings={view.comparison.added} testId="seo-added" />
                    </>
                  )}
                  {view.comparison.fixed.length > 0 && (
                    <>
                      <Text fontWeight="medium" fontSize="sm">{t('seoCheck.report.fixed', { count: view.comparison.fixed.length })}</Text>
                      <FindingRows findings={view.comparison.fixed} testId="seo-fixed" />
                    </>
                  )}
                </Stack>
              )}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
