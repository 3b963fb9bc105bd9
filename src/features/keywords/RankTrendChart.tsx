import { Axis, GlyphSeries, Grid as ChartGrid, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { Stack, Text } from '@chakra-ui/react';
import type { RankCheck } from '../../../models/keyword';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';

type Ranked = RankCheck & { position: number };
const when = (p: RankCheck) => new Date(p.checked_at);
const two = (n: number) => String(n).padStart(2, '0');
/** Days on the axis; hours and minutes when every check falls within a day and a half. */
const tickFormatFor = (history: RankCheck[]) => {
  const times = history.map((h) => when(h).getTime());
  const short = Math.max(...times) - Math.min(...times) < 36 * 3600_000;
  return (d: Date | number) => {
    const v = new Date(d);
    return short ? `${two(v.getHours())}:${two(v.getMinutes())}` : `${two(v.getMonth() + 1)}-${two(v.getDate())}`;
  };
};

/** Position over time, first place on top (lazy-loaded with @visx/xychart). Checks without a position leave a gap. */
export default function RankTrendChart({ history }: { history: RankCheck[] }) {
  const ranked = history.filter((h): h is Ranked => h.position !== null);
  const tick = tickFormatFor(history);
  return (
    <XYChart height={220} margin={{ top: 12, right: 16, bottom: 30, left: 36 }} xScale={{ type: 'time' }} yScale={{ type: 'linear', reverse: true, nice: true, zero: false }}>
      <ChartGrid columns={false} numTicks={4} lineStyle={{ stroke: 'var(--chakra-colors-border)', strokeDasharray: '2 3' }} />
      <Axis orientation="bottom" numTicks={Math.min(5, history.length)} tickFormat={tick} tickLabelProps={{ fill: 'var(--chakra-colors-fg-muted)', fontSize: 10 }} stroke="var(--chakra-colors-border)" tickStroke="var(--chakra-colors-border)" />
      <Axis orientation="left" numTicks={4} tickFormat={(v) => String(v)} tickLabelProps={{ fill: 'var(--chakra-colors-fg-muted)', fontSize: 10 }} stroke="var(--chakra-colors-border)" tickStroke="var(--chakra-colors-border)" />
      <LineSeries dataKey="position" data={ranked} xAccessor={when} yAccessor={(p: Ranked) => p.position} stroke="var(--chakra-colors-blue-500)" />
      <GlyphSeries dataKey="points" data={ranked} xAccessor={when} yAccessor={(p: Ranked) => p.position} colorAccessor={() => 'var(--chakra-colors-blue-500)'} size={6} />
      <Tooltip<Ranked>
        snapTooltipToDatumX
        snapTooltipToDatumY
        renderTooltip={({ tooltipData }) => {
          const p = tooltipData?.nearestDatum?.datum;
          if (!p) return null;
          return (
            <Stack gap="0.5" fontSize="xs">
              <Text fontWeight="semibold">{formatDateTime(p.checked_at)}</Text>
              <Text>{t('keywords.position', { position: p.position })}</Text>
            </Stack>
          );
        }}
      />
    </XYChart>
  );
}
