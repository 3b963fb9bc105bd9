import { Box, Card, Grid, Heading, HStack, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { LoadError } from '../../components/LoadError';
import { useT } from '../../i18n';
import { useDashboard } from './useDashboard';
import { formatDateTime } from '../resource/format';
import { TrafficChart } from './TrafficChart';
import { RegionList } from './RegionList';
import type { DashboardData } from '../../../models/dashboard';

const FIGURES: Array<{ key: keyof DashboardData; label: string; hint?: string }> = [
  { key: 'running_days', label: 'dashboard.runningDays' },
  { key: 'sites', label: 'dashboard.sites' },
  { key: 'visitors', label: 'dashboard.visitors' },
  { key: 'articles', label: 'dashboard.articles' },
  { key: 'keywords', label: 'dashboard.keywords' },
  { key: 'inquiries', label: 'dashboard.inquiries' },
  { key: 'imported_links', label: 'dashboard.importedLinks', hint: 'links.dashboard.importedHint' },
  { key: 'exported_links', label: 'dashboard.exportedLinks', hint: 'links.dashboard.exportedHint' },
  { key: 'admins', label: 'dashboard.admins' },
  { key: 'roles', label: 'dashboard.roles' },
  { key: 'logins_today', label: 'dashboard.loginsToday' },
];

export default function DashboardPage() {
  const { t } = useT();
  const d = useDashboard();
  return (
    <Stack gap="4" data-testid="dashboard">
      <Heading size="lg">{t('dashboard.welcome', { name: d.name })}</Heading>
      {d.failed && <LoadError message={d.error} onRetry={d.reload} />}
      <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)', xl: 'repeat(6, 1fr)' }} gap="3">
        {FIGURES.filter((f) => !d.data || f.key in d.data).map((f) => {
          const value = d.data?.[f.key];
          return (
            <Card.Root key={f.key} size="sm" data-testid={`stat-${f.key}`}>
              <Card.Body>
                <Stat.Root>
                  <Stat.Label>{t(f.label)}</Stat.Label>
                  {/* A <dl> holds only <dt>/<dd>: the placeholder and the pending note are the figure's <dd>. */}
                  {d.busy && !d.data ? (
                    <Stat.ValueText>
                      <Skeleton height="28px" />
                    </Stat.ValueText>
                  ) : value === null || value === undefined ? (
                    <Stat.HelpText as="dd" color="fg.muted">
                      {t('dashboard.pendingModule')}
                    </Stat.HelpText>
                  ) : (
                    <Stat.ValueText>{String(value)}</Stat.ValueText>
                  )}
                  {f.hint && value !== null && value !== undefined && <Stat.HelpText as="dd" color="fg.muted" data-testid={`stat-hint-${f.key}`}>{t(f.hint)}</Stat.HelpText>}
                </Stat.Root>
              </Card.Body>
            </Card.Root>
          );
        })}
      </Grid>
      {d.data && (
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="3">
          <TrafficChart data={d.data} />
          <RegionList data={d.data} />
        </Grid>
      )}
      <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap="3">
        <Card.Root size="sm">
          <Card.Header>
            <Heading size="sm">{t('dashboard.version')}</Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="2" fontSize="sm">
              <HStack justify="space-between">
                <Text color="fg.muted">{t('dashboard.versionLabel')}</Text>
                <Text data-testid="version">{d.data?.version ?? '—'}</Text>
              </HStack>
              <HStack justify="space-between">
                <Text color="fg.muted">{t('dashboard.authorization')}</Text>
                <Text>{t('dashboard.authorizationValue')}</Text>
              </HStack>
              <HStack justify="space-between">
                <Text color="fg.muted">{t('dashboard.database')}</Text>
                <Text>{d.data ? (d.data.database === 'pglite' ? 'PGlite' : 'PostgreSQL') : '—'}</Text>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Header>
            <Heading size="sm">{t('dashboard.recentLogins')}</Heading>
          </Card.Header>
          <Card.Body>
            <Box overflowX="auto">
              <Table.Root size="sm">
                <Table.Body>
                  {(d.data?.recent_logins ?? []).map((l, i) => (
                    <Table.Row key={i}>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(l.created_at)}</Table.Cell>
                      <Table.Cell>{l.ip}</Table.Cell>
                      <Table.Cell>{l.location}</Table.Cell>
                      <Table.Cell display={{ base: 'none', md: 'table-cell' }}>{l.device}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}
