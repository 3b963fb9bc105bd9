import { Box } from '@chakra-ui/react';
import { t } from '../../i18n';
import type { ChartLayout } from './chartGraph';

// The chart drawn as SVG from its layered layout (chartGraph.ts): a box per state, nested boxes indented,
// each transition a labelled row in its source's box with an arrow to its target. The table beside it says
// the same for keyboards and screen readers, so the drawing itself is one labelled image.

const CHAR_WIDTH = 6.6;

const clip = (text: string, room: number) => {
  const max = Math.max(4, Math.floor(room / CHAR_WIDTH));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** Matches a state path against the live state value's formatted text (`reviewing`, `active.chunking`). */
const isLive = (path: string, live: string | null) => live !== null && (live === path || live.startsWith(`${path}.`) || live.includes(`${path},`) || live.includes(`${path})`));

export function ChartDrawing({ chart, layout, live }: { chart: string; layout: ChartLayout; live: string | null }) {
  const marker = `chart-arrow-${chart}`;
  const right = layout.states.reduce((m, s) => Math.max(m, s.x + s.width), 0);
  return (
    <Box overflow="auto" maxH="70vh" borderWidth="1px" borderRadius="md" bg="bg.subtle" data-testid="chart-drawing-box">
      <svg
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={t('chartViewer.drawingLabel', { chart })}
        data-testid="chart-drawing"
        style={{ fontFamily: 'ui-monospace, monospace', fontSize: 12, color: 'inherit' }}
      >
        <defs>
          <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
          </marker>
        </defs>
        {layout.states.map((s) => {
          const active = isLive(s.path, live);
          return (
            <g key={s.id} data-testid="chart-state" data-state={s.path} data-live={active ? 'true' : undefined}>
              <title>{`${s.path} (${s.type})`}</title>
              <rect
                x={s.x}
                y={s.y}
                width={s.width}
                height={s.height}
                rx={6}
                fill={active ? 'rgba(34, 197, 94, 0.22)' : 'rgba(59, 130, 246, 0.07)'}
                stroke="currentColor"
                strokeOpacity={active ? 0.9 : 0.45}
                strokeWidth={active ? 2 : 1}
                strokeDasharray={s.type === 'parallel' ? '5 3' : undefined}
              />
              {s.type === 'final' && <rect x={s.x + 3} y={s.y + 3} width={s.width - 6} height={s.height - 6} rx={4} fill="none" stroke="currentColor" strokeOpacity={0.45} />}
              <text x={s.x + 8} y={s.y + 16} fontWeight={700} fill="currentColor">
                {`${s.initial ? '▸ ' : ''}${s.key}${s.type === 'parallel' ? ' ∥' : ''}`}
              </text>
            </g>
          );
        })}
        {layout.arrows.map((a, i) => (
          <g key={i} data-testid="chart-transition">
            <title>{`${a.transition.source}: ${a.label}${a.transition.targets.length ? '' : ` ${t('chartViewer.stays')}`}`}</title>
            <text x={a.labelX} y={a.labelY} fill="currentColor" fillOpacity={0.85}>
              {clip(a.label, right - a.labelX - 6)}
            </text>
            {a.points.map((pts, j) => (
              <polyline key={j} points={pts.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" stroke="currentColor" strokeOpacity={0.55} markerEnd={`url(#${marker})`} />
            ))}
          </g>
        ))}
      </svg>
    </Box>
  );
}
