import { Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../i18n';
import type { DashboardData } from '../../../models/dashboard';

const SHOWN = 10;

/** Page views of the last 30 days by province, as bars; the rest and unknown regions are summed. */
export function RegionList({ data }: { data: DashboardData }) {
  const { t } = useT();
  const known = data.regions.filter((r) => r.region);
  const shown = known.slice(0, SHOWN);
  const other = data.regions.filter((r) => !shown.includes(r)).reduce((s, r) => s + r.page_views, 0);
  const rows = [...shown.map((r) => ({ label: r.region, value: r.page_views })), ...(other ? [{ label: t('dashboard.otherRegions'), value: other }] : [])];
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Card.Root size="sm" data-testid="regions">
      <Card.Header>
        <Heading size="sm">{t('dashboard.regions')}</Heading>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('dashboard.noVisits')}
          </Text>
        ) : (
          <Stack gap="2">
            {rows.map((r) => (
              <Stack key={r.label} gap="0.5" data-testid={`region-${r.label}`}>
                <HStack justify="space-between" fontSize="sm">
                  <Text>{r.label}</Text>
                  <Text color="fg.muted">{r.value}</Text>
                </HStack>
                <Box h="1.5" bg="bg.muted" rounded="full" overflow="hidden">
                  <Box h="full" bg="blue.500" rounded="full" width={`${(r.value / max) * 100}%`} />
                </Box>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
