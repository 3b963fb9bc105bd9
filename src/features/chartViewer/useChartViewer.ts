import { useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import type { AnyStateMachine } from 'xstate';
import { loaderMachine } from '../../../machines/loader.machine';
import { get } from '../../api/http';
import { RECORD_CHARTS, type ChartRecord, type RecordChart } from '../../../models/chartViewer';
import type { CheckListItem } from '../../../models/audit';
import type { PluginListItem } from '../../../models/plugin';
import type { SeoReportSummary } from '../../../models/seoReport';
// The chart registry and the paths code of `npm run paths` come from tests/ on purpose (issue 16): QA sees the
// same example events and the same wording as the CLI. Only this lazy screen imports them, never the first-load
// chunks (the bundle budget checks that at build).
import { CHART_EXAMPLES } from '../../../tests/machines/examples/index';
import { chartPathList, formatPathHead, formatStep, formatValue, INITIAL_PATH_TEXT, type ChartPath } from '../../../tests/qa/pathsCore';
import { chartStates, chartTransitions, layoutChart } from './chartGraph';

// Connects /ChartViewer/index: the picked chart, its drawing, transitions and paths (computed off the first
// paint through a loader), and for the charts the server replays, a record picker and that record's events.

export const CHART_NAMES = Object.keys(CHART_EXAMPLES).sort();
const DEFAULT_CHART = CHART_NAMES.includes('upload') ? 'upload' : CHART_NAMES[0]!;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const isRecordChart = (chart: string): chart is RecordChart => (RECORD_CHARTS as readonly string[]).includes(chart);

export interface RecordOption {
  id: string;
  label: string;
}

/** The records of a chart the server keeps events for, from the screens' own list endpoints. */
async function recordOptions(chart: RecordChart): Promise<RecordOption[]> {
  if (chart === 'audit') {
    const { data } = await get<CheckListItem[]>('/content/checkList', { scope: 'all', page: 1, limit: 100 });
    return data.map((c) => ({ id: String(c.id), label: `#${c.id} ${c.title}` }));
  }
  if (chart === 'plugin') {
    const { data } = await get<PluginListItem[]>('/plugin/index');
    return data.filter((p) => p.state !== 'notInstalled').map((p) => ({ id: p.id, label: `${p.name} (${p.id}, ${p.state})` }));
  }
  const { data } = await get<SeoReportSummary[]>('/seoCheck/index', { page: 1, limit: 100 });
  return data.map((r) => ({ id: String(r.id), label: `#${r.id} ${r.created_at} (${r.state})` }));
}

/** A loader chart whose fetch runs `load`; `load` changes with its inputs, so callers key the actor by them. */
function useLoader<T>(load: () => Promise<T>) {
  const ref = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          // After the current paint: the paths of a large chart take a moment to compute.
          setTimeout(() => {
            load()
              .then((data) => ref.send({ type: 'loaded', data }))
              .catch((e: unknown) => ref.send({ type: 'failed', message: messageOf(e) }));
          }, 0);
        },
      },
    }),
  );
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const data = useSelector(ref, (s) => s.context.data) as T | null;
  const error = useSelector(ref, (s) => s.context.error);
  return { busy, data: busy ? null : data, error, reload: () => ref.send({ type: 'reload' }) };
}

/** The paths of one chart (the component using it is keyed by the chart, so one loader per chart). */
export function useChartPaths(chart: string) {
  return useLoader<ChartPath[]>(async () => chartPathList(chart).paths);
}

export function useRecordOptions(chart: RecordChart) {
  return useLoader<RecordOption[]>(() => recordOptions(chart));
}

export function useChartRecord(chart: RecordChart, id: string) {
  return useLoader<ChartRecord>(async () => (await get<ChartRecord>('/chartViewer/record', { chart, id })).data);
}

export function useChartViewer() {
  const [chart, setChart] = useState(DEFAULT_CHART);
  const [recordId, setRecordId] = useState('');
  const machine = CHART_EXAMPLES[chart]!.machine as AnyStateMachine;
  const graph = useMemo(() => {
    const states = chartStates(machine);
    const transitions = chartTransitions(machine);
    return { states, transitions, layout: layoutChart(states, transitions) };
  }, [machine]);
  return {
    charts: CHART_NAMES,
    chart,
    pickChart: (name: string) => {
      setChart(name);
      setRecordId('');
    },
    graph,
    recordChart: isRecordChart(chart) ? chart : null,
    recordId,
    pickRecord: setRecordId,
  };
}

export { formatPathHead, formatStep, formatValue, INITIAL_PATH_TEXT };
