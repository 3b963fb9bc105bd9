import { lazy, Suspense } from 'react';
import { Badge, Box, CloseButton, Drawer, Link, Portal, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { RankCheck } from '../../../models/keyword';
import { t } from '../../i18n';
import { LoadError } from '../../components/LoadError';
import { formatDateTime } from '../resource/format';
import type { RankTrend } from './useRankTrend';

const RankTrendChart = lazy(() => import('./RankTrendChart'));

export function PositionBadge({ position, checked }: { position: number | null; checked: boolean }) {
  if (!checked) return <Text color="fg.muted">{t('keywords.notChecked')}</Text>;
  if (position === null) return <Badge variant="subtle">{t('keywords.notRanked')}</Badge>;
  return (
    <Badge colorPalette={position <= 10 ? 'green' : position <= 30 ? 'blue' : 'orange'} variant="subtle">
      {t('keywords.position', { position })}
    </Badge>
  );
}

function CheckRow({ check }: { check: RankCheck }) {
  return (
    <Table.Row>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(check.checked_at)}</Table.Cell>
      <Table.Cell>{check.error ? <Badge colorPalette="red" variant="subtle" title={check.error}>{t('keywords.error')}</Badge> : <PositionBadge position={check.position} checked />}</Table.Cell>
      <Table.Cell display={{ base: 'none', md: 'table-cell' }}>{check.indexed === null ? '—' : t('keywords.indexed', { count: check.indexed })}</Table.Cell>
      <Table.Cell>
        {check.url ? (
          <Link href={check.url} target="_blank" rel="noopener noreferrer" truncate display="block" maxW={{ base: '110px', md: '220px' }} title={check.url} color="blue.fg">
            {check.url}
          </Link>
        ) : (
          <Text color="fg.muted">{check.error || '—'}</Text>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** A keyword's ranking over time: the trend chart and every check, newest first. */
export function RankTrendDrawer({ trend }: { trend: RankTrend }) {
  const checks = [...trend.history].reverse();
  return (
    <Drawer.Root open={trend.open} onOpenChange={(e) => !e.open && trend.close()} placement="end" size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="rank-trend">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title fontSize="md">{t('keywords.trendOf', { name: trend.keyword?.name ?? '' })}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              {trend.failed ? (
                <LoadError message={trend.error} onRetry={trend.reload} />
              ) : trend.busy && !trend.history.length ? (
                <Spinner />
              ) : !trend.history.length ? (
                <Text color="fg.muted" data-testid="rank-trend-empty">
                  {t('keywords.noHistory')}
                </Text>
              ) : (
                <Stack gap="4">
                  <Box h="220px" data-testid="rank-trend-chart">
                    <Suspense fallback={<Spinner />}>
                      <RankTrendChart history={trend.history} />
                    </Suspense>
                  </Box>
                  <Box overflowX="auto">
                  <Table.Root size="sm" data-testid="rank-trend-checks">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('keywords.checkedAt')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('resources.keyword.fields.position')}</Table.ColumnHeader>
                        <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('keywords.indexedCount')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('keywords.resultUrl')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {checks.map((c) => (
                        <CheckRow key={c.id} check={c} />
                      ))}
                    </Table.Body>
                  </Table.Root>
                  </Box>
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} data-testid="rank-trend-close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
