import { Alert, Box, Button, Card, Field, Heading, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';
import type { RecordChart } from '../../../models/chartViewer';
import type { ChartTransition } from './chartGraph';
import { ChartDrawing } from './ChartDrawing';
import { formatPathHead, formatStep, formatValue, INITIAL_PATH_TEXT, useChartPaths, useChartRecord, useChartViewer, useRecordOptions } from './useChartViewer';

// /ChartViewer/index (issue 16, super-admins only): a statechart's states and transitions drawn and tabled,
// its shortest paths in the words of `npm run paths`, and for audit, plugin and SEO report the live state of
// one record replayed by the server from its stored events.

function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Alert.Root status="error" size="sm">
      <Alert.Indicator />
      <Alert.Title>{t('chartViewer.loadFailed', { message })}</Alert.Title>
      <Button size="xs" variant="outline" ms="auto" onClick={retry}>
        {t('chartViewer.retry')}
      </Button>
    </Alert.Root>
  );
}

function TransitionTable({ transitions }: { transitions: readonly ChartTransition[] }) {
  return (
    <Box overflow="auto" maxH="70vh">
      <Table.Root size="sm" data-testid="chart-transitions">
        <Table.Caption>{t('chartViewer.transitions')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('chartViewer.columns.source')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('chartViewer.columns.event')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('chartViewer.columns.guard')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('chartViewer.columns.target')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body fontFamily="mono" fontSize="xs">
          {transitions.map((tr, i) => (
            <Table.Row key={i} data-testid="chart-transition-row">
              <Table.Cell>{tr.source}</Table.Cell>
              <Table.Cell>{tr.event}</Table.Cell>
              <Table.Cell>{tr.guard}</Table.Cell>
              <Table.Cell>{tr.targets.join(', ') || t('chartViewer.stays')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Keyed by the chart: one paths loader per chart. */
function PathList({ chart }: { chart: string }) {
  const paths = useChartPaths(chart);
  return (
    <Stack gap="2" data-testid="chart-paths">
      <Heading size="sm" as="h2">
        {t('chartViewer.paths')}
      </Heading>
      {paths.busy && <Text color="fg.muted">{t('chartViewer.computing')}</Text>}
      {paths.error && <Text color="red.fg">{t('chartViewer.pathsFailed', { message: paths.error })}</Text>}
      {paths.data && (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid="chart-paths-count">
            {t('chartViewer.pathsCount', { count: paths.data.length })}
          </Text>
          <Stack as="ol" gap="2" ps="0" listStyleType="none">
            {paths.data.map((p) => (
              <Box as="li" key={p.index} data-testid="chart-path" fontFamily="mono" fontSize="xs">
                <Text fontWeight="semibold">{formatPathHead(p)}</Text>
                {p.steps.length ? (
                  <Box as="ol" ps="5" listStyleType="decimal">
                    {p.steps.map((s) => (
                      <li key={s.n} data-testid="chart-path-step">
                        {formatStep(s)}
                      </li>
                    ))}
                  </Box>
                ) : (
                  <Text ps="5">{INITIAL_PATH_TEXT}</Text>
                )}
              </Box>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** The record's replayed state and stored events. */
function RecordEvents({ record }: { record: ReturnType<typeof useChartRecord> }) {
  if (record.error) return <Failed message={record.error} retry={record.reload} />;
  if (!record.data) return <Text color="fg.muted">{t('common.loading')}</Text>;
  const live = formatValue(record.data.state as never);
  return (
    <Stack gap="2" data-testid="chart-record">
      <Text fontWeight="semibold" data-testid="chart-record-state">
        {t('chartViewer.liveState', { state: live })}
      </Text>
      <Table.Root size="sm" data-testid="chart-record-events">
        <Table.Caption>{t('chartViewer.events')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('chartViewer.eventColumns.time')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('chartViewer.eventColumns.event')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('chartViewer.eventColumns.state')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body fontFamily="mono" fontSize="xs">
          {!record.data.events.length && (
            <Table.Row>
              <Table.Cell colSpan={3} color="fg.muted">
                {t('chartViewer.noEvents')}
              </Table.Cell>
            </Table.Row>
          )}
          {record.data.events.map((e, i) => (
            <Table.Row key={i} data-testid="chart-record-event">
              <Table.Cell whiteSpace="nowrap">{formatDateTime(e.time)}</Table.Cell>
              <Table.Cell>{JSON.stringify(e.event)}</Table.Cell>
              <Table.Cell>{formatValue(e.state as never)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/** Keyed by the chart: the records the screens list to pick from. */
function RecordPicker({ chart, id, pick }: { chart: RecordChart; id: string; pick: (id: string) => void }) {
  const options = useRecordOptions(chart);
  return (
    <Field.Root maxW="md">
      <Field.Label>{t(`chartViewer.recordFor.${chart}`)}</Field.Label>
      {options.error ? (
        <Failed message={options.error} retry={options.reload} />
      ) : (
        <NativeSelect.Root size="sm" disabled={!options.data}>
          <NativeSelect.Field value={id} onChange={(e) => pick(e.currentTarget.value)} data-testid="chart-record-select">
            <option value="">{options.data && !options.data.length ? t('chartViewer.noRecords') : t('chartViewer.pickRecord')}</option>
            {(options.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Field.Root>
  );
}

type Viewer = ReturnType<typeof useChartViewer>;

function ChartBody({ v, live }: { v: Viewer; live: string | null }) {
  return (
    <>
      <Heading size="sm" as="h2">
        {t('chartViewer.drawing')}
      </Heading>
      <ChartDrawing chart={v.chart} layout={v.graph.layout} live={live} />
      <TransitionTable transitions={v.graph.transitions} />
      <PathList key={v.chart} chart={v.chart} />
    </>
  );
}

/** Keyed by chart and id: one record loader; the drawing marks the record's live state. */
function RecordedChart({ v, chart, id }: { v: Viewer; chart: RecordChart; id: string }) {
  const record = useChartRecord(chart, id);
  return (
    <>
      <RecordEvents record={record} />
      <ChartBody v={v} live={record.data ? formatValue(record.data.state as never) : null} />
    </>
  );
}

export default function ChartViewerPage() {
  const v = useChartViewer();
  return (
    <Stack gap="4" p="4" data-testid="chart-viewer">
      <Text fontSize="sm" color="fg.muted">
        {t('chartViewer.hint')}
      </Text>
      <HStack gap="4" wrap="wrap" align="end">
        <Field.Root maxW="xs">
          <Field.Label>{t('chartViewer.chart')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={v.chart} onChange={(e) => v.pickChart(e.currentTarget.value)} data-testid="chart-select">
              {v.charts.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted" data-testid="chart-summary">
          {t('chartViewer.summary', { states: v.graph.states.length, transitions: v.graph.transitions.length })}
        </Text>
      </HStack>
      {v.recordChart && (
        <Card.Root size="sm" data-testid="chart-record-panel">
          <Card.Body gap="3">
            <RecordPicker key={v.recordChart} chart={v.recordChart} id={v.recordId} pick={v.pickRecord} />
          </Card.Body>
        </Card.Root>
      )}
      {v.recordChart && v.recordId ? <RecordedChart key={`${v.recordChart}:${v.recordId}`} v={v} chart={v.recordChart} id={v.recordId} /> : <ChartBody v={v} live={null} />}
    </Stack>
  );
}
