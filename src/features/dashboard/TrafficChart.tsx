import { useState } from 'react';
import { Box, Button, ButtonGroup, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Axis, Grid as ChartGrid, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { useT } from '../../i18n';
import { TRAFFIC_PERIODS, type DashboardData, type VisitFigures } from '../../../models/dashboard';

type Point = VisitFigures & { date: string };
const RANGES = { last7: 7, last30: 30 } as const;

const x = (p: Point) => p.date.slice(5);

/** Visitors and page views per period, and the daily trend of the last 7 or 30 days. */
export function TrafficChart({ data }: { data: DashboardData }) {
  const { t } = useT();
  const [range, setRange] = useState<keyof typeof RANGES>('last30');
  const points = data.trend.slice(-RANGES[range]);
  return (
    <Card.Root size="sm" data-testid="traffic">
      <Card.Header>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Heading size="sm">{t('dashboard.trend')}</Heading>
          <ButtonGroup size="xs" attached variant="outline">
            {(['last7', 'last30'] as const).map((r) => (
              <Button key={r} variant={range === r ? 'solid' : 'outline'} colorPalette="blue" onClick={() => setRange(r)} data-testid={`trend-${r}`}>
                {t(`dashboard.period.${r}`)}
              </Button>
            ))}
          </ButtonGroup>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="2">
            {TRAFFIC_PERIODS.map((p) => (
              <Box key={p} borderWidth="1px" rounded="md" px="3" py="2" data-testid={`traffic-${p}`}>
                <Text fontSize="xs" color="fg.muted">
                  {t(`dashboard.period.${p}`)}
                </Text>
                <HStack gap="3" align="baseline">
                  <Text fontSize="lg" fontWeight="semibold" color="blue.fg" title={t('dashboard.visitorsShort')}>
                    {data.traffic[p].visitors}
                  </Text>
                  <Text fontSize="sm" color="green.fg" title={t('dashboard.pageViews')}>
                    {data.traffic[p].page_views} PV
                  </Text>
                </HStack>
              </Box>
            ))}
          </Grid>
          <HStack gap="4" fontSize="xs" color="fg.muted">
            <HStack gap="1">
              <Box w="3" h="0.5" bg="blue.500" /> {t('dashboard.visitorsShort')}
            </HStack>
            <HStack gap="1">
              <Box w="3" h="0.5" bg="green.500" /> {t('dashboard.pageViews')}
            </HStack>
          </HStack>
          <Box h="240px" data-testid="trend-chart">
            <XYChart height={240} margin={{ top: 10, right: 12, bottom: 30, left: 36 }} xScale={{ type: 'band', paddingInner: 0.3 }} yScale={{ type: 'linear', nice: true, zero: true }}>
              <ChartGrid columns={false} numTicks={4} lineStyle={{ stroke: 'var(--chakra-colors-border)', strokeDasharray: '2 3' }} />
              <Axis orientation="bottom" numTicks={range === 'last7' ? 7 : 6} tickLabelProps={{ fill: 'var(--chakra-colors-fg-muted)', fontSize: 10 }} stroke="var(--chakra-colors-border)" tickStroke="var(--chakra-colors-border)" />
              <Axis orientation="left" numTicks={4} tickLabelProps={{ fill: 'var(--chakra-colors-fg-muted)', fontSize: 10 }} stroke="var(--chakra-colors-border)" tickStroke="var(--chakra-colors-border)" />
              <LineSeries dataKey="page_views" data={points} xAccessor={x} yAccessor={(p: Point) => p.page_views} stroke="var(--chakra-colors-green-500)" />
              <LineSeries dataKey="visitors" data={points} xAccessor={x} yAccessor={(p: Point) => p.visitors} stroke="var(--chakra-colors-blue-500)" />
              <Tooltip<Point>
                showVerticalCrosshair
                snapTooltipToDatumX
                renderTooltip={({ tooltipData }) => {
                  const p = tooltipData?.nearestDatum?.datum;
                  if (!p) return null;
                  return (
                    <Stack gap="0.5" fontSize="xs">
                      <Text fontWeight="semibold">{p.date}</Text>
                      <Text>
                        {t('dashboard.visitorsShort')}: {p.visitors}
                      </Text>
                      <Text>
                        {t('dashboard.pageViews')}: {p.page_views}
                      </Text>
                    </Stack>
                  );
                }}
              />
            </XYChart>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
