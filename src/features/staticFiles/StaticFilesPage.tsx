import { Alert, Badge, Box, Button, Card, Field, Heading, HStack, Input, Progress, SegmentGroup, Stack, Table, Text } from '@chakra-ui/react';
import { STATIC_SCOPES, type StaticIndex, type StaticScope } from '../../../models/staticGen';
import { t } from '../../i18n';
import { OptionSelect } from '../../components/OptionSelect';
import { formatDateTime } from '../resource/format';
import { useStaticGen, type StaticGen } from './useStaticGen';

const STATUS_PALETTE: Record<StaticIndex['runs'][number]['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** The summary line of the current run. */
function RunStatus({ gen }: { gen: StaticGen }) {
  const r = gen.result;
  if (gen.succeeded && r)
    return (
      <Stack gap="1">
        <Text>{t('staticFile.done', { pages: r.pages, kb: Math.round(r.bytes / 1024), seconds: (r.ms / 1000).toFixed(1) })}</Text>
        {r.failed.length > 0 && <Text color="red.fg">{t('staticFile.failedPages', { paths: r.failed.slice(0, 10).join(', ') })}</Text>}
      </Stack>
    );
  if (gen.failed) return <Text color="red.fg">{t('staticFile.failed', { message: gen.error ?? '' })}</Text>;
  if (gen.cancelled) return <Text>{t('staticFile.cancelled')}</Text>;
  return <Text>{`${t(gen.cancelling ? 'staticFile.cancelling' : 'staticFile.running')} ${gen.progress}%`}</Text>;
}

/** /StaticFile/index: generate the whole site, a column or chosen content, follow the job, see the last runs. */
export default function StaticFilesPage() {
  const gen = useStaticGen();
  const runs = gen.index?.runs ?? [];
  return (
    <Stack gap="4" data-testid="static-files">
      <Stack gap="1">
        <Heading size="md">{t('staticFile.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">{t('staticFile.hint')}</Text>
      </Stack>
      <Card.Root size="sm">
        <Card.Body gap="4">
          <HStack gap="2" wrap="wrap" fontSize="sm">
            <Text fontWeight="medium">{t('staticFile.output')}</Text>
            <Text fontFamily="mono" wordBreak="break-all" data-testid="static-output">{gen.index?.output ?? ''}</Text>
            {gen.index && !gen.index.has_output && <Badge>{t('staticFile.noOutput')}</Badge>}
          </HStack>
          <Field.Root>
            <Field.Label>{t('staticFile.scope')}</Field.Label>
            <Box maxW="full" overflowX="auto">
              <SegmentGroup.Root
                size="sm"
                value={gen.scope}
                disabled={!gen.editable}
                onValueChange={(e) => e.value && gen.setScope(e.value as StaticScope)}
                data-testid="static-scope"
              >
                <SegmentGroup.Indicator />
                <SegmentGroup.Items items={STATIC_SCOPES.map((s) => ({ value: s, label: t(`staticFile.scopes.${s}`) }))} />
              </SegmentGroup.Root>
            </Box>
          </Field.Root>
          {gen.scope === 'column' && (
            <Field.Root maxW="sm">
              <Field.Label>{t('staticFile.column')}</Field.Label>
              <OptionSelect
                size="sm"
                value={gen.categoryId ?? undefined}
                options={gen.columnOptions}
                emptyLabel={t('staticFile.column')}
                testId="static-column"
                onChange={(v) => gen.setColumn(typeof v === 'number' ? v : null)}
              />
            </Field.Root>
          )}
          {gen.scope === 'content' && (
            <Field.Root maxW="sm">
              <Field.Label>{t('staticFile.ids')}</Field.Label>
              <Input size="sm" disabled={!gen.editable} defaultValue={gen.ids.join(', ')} data-testid="static-ids" onChange={(e) => gen.setIds(e.currentTarget.value)} />
            </Field.Root>
          )}
          <HStack gap="2">
            {gen.finished ? (
              <Button size="sm" colorPalette="blue" onClick={gen.reset} data-testid="static-again">
                {t('staticFile.again')}
              </Button>
            ) : (
              <Button size="sm" colorPalette="blue" disabled={!gen.canStart} loading={gen.busy && !gen.progressing} onClick={gen.start} data-testid="static-start">
                {t('staticFile.start')}
              </Button>
            )}
            {gen.progressing && (
              <Button size="sm" variant="outline" colorPalette="red" disabled={!gen.canCancel} onClick={gen.cancel} data-testid="static-cancel">
                {t('staticFile.cancel')}
              </Button>
            )}
          </HStack>
          {!gen.progressing && !gen.finished && gen.error && (
            <Alert.Root status="error" size="sm" data-testid="static-error">
              <Alert.Indicator />
              <Alert.Title>{gen.error}</Alert.Title>
            </Alert.Root>
          )}
          {(gen.progressing || gen.finished) && (
            <Stack gap="2" data-testid="static-progress">
              <Progress.Root
                value={gen.progress}
                colorPalette={gen.failed ? 'red' : gen.succeeded ? 'green' : 'blue'}
                striped={gen.progressing}
                animated={gen.progressing}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Box fontSize="sm" data-testid="static-status">
                <RunStatus gen={gen} />
              </Box>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <Stack gap="2">
        <Heading size="sm">{t('staticFile.runs')}</Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="static-runs">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('staticFile.columns.id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staticFile.columns.scope')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staticFile.columns.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('staticFile.columns.pages')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staticFile.columns.time')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!runs.length && (
                <Table.Row>
                  <Table.Cell colSpan={5} textAlign="center" color="fg.muted" data-testid="static-no-runs">
                    {t('staticFile.noRuns')}
                  </Table.Cell>
                </Table.Row>
              )}
              {runs.map((run) => (
                <Table.Row key={run.id}>
                  <Table.Cell>{run.id}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {t(`staticFile.scopes.${run.scope}`)}
                    {run.auto && (
                      <Badge ms="1" size="sm">
                        {t('staticFile.auto')}
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_PALETTE[run.status]}>{t(`staticFile.statuses.${run.status}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{run.result?.pages ?? '—'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(run.created_at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    </Stack>
  );
}
