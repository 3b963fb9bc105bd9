import { Axis, BarSeries, Grid as ChartGrid, Tooltip, XYChart } from '@visx/xychart';
import { Stack, Text } from '@chakra-ui/react';
import type { FormFieldStatistics } from '../../../models/form';
import { t } from '../../i18n';
import { chartHeight } from './chartHeight';

type Bar = FormFieldStatistics['options'][number];

/** One question's answers per option as horizontal bars (lazy-loaded with @visx/xychart). */
export default function StatisticsChart({ field }: { field: FormFieldStatistics }) {
  const height = chartHeight(field);
  const label = (o: Bar) => (o.label.length > 14 ? `${o.label.slice(0, 13)}…` : o.label);
  return (
    <XYChart height={height} margin={{ top: 8, right: 24, bottom: 26, left: 110 }} xScale={{ type: 'linear', nice: true }} yScale={{ type: 'band', padding: 0.3 }}>
      <ChartGrid rows={false} numTicks={4} lineStyle={{ stroke: 'var(--chakra-colors-border)', strokeDasharray: '2 3' }} />
      <Axis orientation="bottom" numTicks={4} tickFormat={(v) => (Number.isInteger(Number(v)) ? String(v) : '')} tickLabelProps={{ fill: 'var(--chakra-colors-fg-muted)', fontSize: 10 }} stroke="var(--chakra-colors-border)" tickStroke="var(--chakra-colors-border)" />
      <Axis orientation="left" tickLabelProps={{ fill: 'var(--chakra-colors-fg)', fontSize: 11 }} stroke="var(--chakra-colors-border)" hideTicks />
      <BarSeries dataKey={field.field} data={field.options} xAccessor={(o: Bar) => o.count} yAccessor={label} colorAccessor={() => 'var(--chakra-colors-blue-500)'} />
      <Tooltip<Bar>
        renderTooltip={({ tooltipData }) => {
          const o = tooltipData?.nearestDatum?.datum;
          if (!o) return null;
          return (
            <Stack gap="0.5" fontSize="xs">
              <Text fontWeight="semibold">{o.label}</Text>
              <Text>
                {t('forms.count')}: {o.count}
              </Text>
            </Stack>
          );
        }}
      />
    </XYChart>
  );
}
