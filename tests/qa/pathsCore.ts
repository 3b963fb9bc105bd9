import { getShortestPaths, type StatePath } from '@xstate/graph';
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject, type StateValue } from 'xstate';
import { declaredTransitions } from '../machines/coverage';
import { CHART_EXAMPLES, examplesIn, type ChartExamples } from '../machines/examples/index';

// The pure part of `npm run paths` (tests/qa/paths.ts, issue 16): the charts' shortest and simple paths and
// their wording, with no Node module, so the admin's statechart viewer (src/features/chartViewer/, a lazy
// chunk) lists the same paths in the same words as the CLI. paths.ts adds the files and the command line.

export type VertexKey = 'value' | 'transition';

export interface PathOptions {
  /** A state id (`#upload.done` or `done`) or a dotted state value (`active.chunking`). */
  to?: string;
  /** Every simple path (no state visited twice) rather than the shortest path to each state. */
  simple?: boolean;
  by?: VertexKey;
}

export interface PathStep {
  /** 1-based. */
  n: number;
  from: StateValue;
  event: EventObject;
  to: StateValue;
}

export interface ChartPath {
  chart: string;
  /** 1-based, in the order printed. */
  index: number;
  /** The state value the path ends in. */
  target: StateValue;
  steps: PathStep[];
}

export interface ChartSummary {
  chart: string;
  states: number;
  transitions: number;
  paths: number;
}

/** Most vertices a traversal may visit before it gives up (`--by transition` on a large chart). */
export const TRAVERSAL_LIMIT = 100_000;

export function chartNames(): string[] {
  return Object.keys(CHART_EXAMPLES).sort();
}

/** `upload`, `upload.machine`, `upload.machine.ts` and `machines/upload.machine.ts` all name the upload chart. */
export function resolveChart(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? name).replace(/\.ts$/, '').replace(/\.machine$/, '');
  if (!CHART_EXAMPLES[base]) throw new Error(`unknown chart "${name}"; charts: ${chartNames().join(', ')}`);
  return base;
}

export function chartExamples(name: string): ChartExamples {
  return CHART_EXAMPLES[resolveChart(name)]!;
}

/** A state value as QA reads it: `idle`, `active.chunking`, `(editor.idle, dialog.closed)` for parallel states. */
export function formatValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, child]) =>
    child && typeof child === 'object' && Object.keys(child).length === 0 ? key : `${key}.${formatValue(child as StateValue)}`,
  );
  return parts.length === 1 ? parts[0]! : `(${parts.join(', ')})`;
}

export function formatEvent({ type, ...payload }: EventObject): string {
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

function* stateNodes(node: AnyStateNode): Generator<AnyStateNode> {
  yield node;
  for (const child of Object.values(node.states) as AnyStateNode[]) yield* stateNodes(child);
}

/** Whether a snapshot is in the state `to` names: a state id (with or without `#`) or a dotted value. */
export function inState(snapshot: AnyMachineSnapshot, to: string): boolean {
  const id = to.replace(/^#/, '');
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  if (nodes.some((node) => node.id === id || node.id === `${snapshot.machine.id}.${id}`)) return true;
  if (formatValue(snapshot.value) === to) return true;
  try {
    return snapshot.matches(to as never);
  } catch {
    return false;
  }
}

function traversal(examples: ChartExamples, events: ChartExamples['events'], by: VertexKey) {
  const project = (snapshot: AnyMachineSnapshot) => (examples.project ? examples.project(snapshot as never) : snapshot.context);
  return {
    input: examples.input,
    // Only the events the chart accepts in a state: a refused one would be a step that changes nothing.
    events: (snapshot: AnyMachineSnapshot) => examplesIn({ ...examples, events }, snapshot as never).filter((event) => snapshot.can(event)),
    // Vertices carry the context (or the test's projection of it): a state reached with another context
    // may offer other events (a chosen file, a loaded record), so reaching a state value once is not enough.
    serializeState:
      by === 'value'
        ? (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, project(snapshot)])
        : (snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot) =>
            JSON.stringify([snapshot.value, project(snapshot), event?.type ?? null, previous?.value ?? null]),
    limit: TRAVERSAL_LIMIT,
  };
}

function toChartPath(chart: string, p: StatePath<AnyMachineSnapshot, EventObject>): ChartPath {
  const steps: PathStep[] = [];
  for (let i = 1; i < p.steps.length; i += 1) {
    steps.push({ n: i, from: p.steps[i - 1]!.state.value, event: p.steps[i]!.event, to: p.steps[i]!.state.value });
  }
  return { chart, index: 0, target: p.state.value, steps };
}

/** Most paths `--simple` lists for one chart; it says so when there were more. */
export const SIMPLE_PATH_LIMIT = 500;

/**
 * Every simple path of the state-value graph, walked on real snapshots (`transition`, pure): a path
 * never comes back to a state value it left, and may take one step that stays in a state (changing
 * only its context: a chosen file, a typed value) before leaving it. Of several events of one type
 * leading to the same state, the first in the table is taken. (@xstate/graph's getSimplePaths
 * enumerates simple paths of the context-aware graph, which does not finish on most charts, or of a
 * value-only graph, which misses the states a context change opens.)
 */
function simplePaths(chart: string, examples: ChartExamples, to: string | undefined): { paths: ChartPath[]; truncated: boolean } {
  const machine = examples.machine as AnyStateMachine;
  const project = (snapshot: AnyMachineSnapshot) => (examples.project ? examples.project(snapshot as never) : snapshot.context);
  const paths: ChartPath[] = [];
  let truncated = false;
  const [initial] = initialTransition(machine, examples.input as never) as [AnyMachineSnapshot, unknown];
  const record = (steps: PathStep[], last: AnyMachineSnapshot) => {
    if (to && !inState(last, to)) return;
    if (paths.length >= SIMPLE_PATH_LIMIT) return void (truncated = true);
    paths.push({ chart, index: 0, target: last.value, steps: steps.map((step, i) => ({ ...step, n: i + 1 })) });
  };
  const walk = (snapshot: AnyMachineSnapshot, steps: PathStep[], left: Set<string>, stayed: boolean) => {
    if (truncated) return;
    const here = JSON.stringify(snapshot.value);
    const taken = new Set<string>();
    for (const event of examplesIn(examples, snapshot as never)) {
      if (!snapshot.can(event)) continue;
      const [next] = transition(machine, snapshot as never, event as never) as [AnyMachineSnapshot, unknown];
      const there = JSON.stringify(next.value);
      const stays = there === here;
      if (stays ? stayed || JSON.stringify(project(next)) === JSON.stringify(project(snapshot)) : left.has(there)) continue;
      const key = `${event.type} ${there}${stays ? ` ${JSON.stringify(project(next))}` : ''}`;
      if (taken.has(key)) continue;
      taken.add(key);
      const path = [...steps, { n: 0, from: snapshot.value, event, to: next.value }];
      if (stays) walk(next, path, left, true);
      else {
        record(path, next);
        if (next.status === 'active') walk(next, path, new Set([...left, here]), false);
      }
    }
  };
  if (!to || inState(initial, to)) paths.push({ chart, index: 0, target: initial.value, steps: [] });
  walk(initial, [], new Set(), false);
  return { paths, truncated };
}

/**
 * The chart's paths from its initial state, each a list of numbered steps. Shortest (the default, `by:
 * 'value'`): the shortest path to each state value. `simple`: every simple path (see `simplePaths`).
 * `by: 'transition'`: every shortest path of the tests' graph, which together take every transition.
 */
export function chartPaths(name: string, options: PathOptions = {}): ChartPath[] {
  return chartPathList(name, options).paths;
}

const computed = new Map<string, { paths: ChartPath[]; truncated: boolean }>();

export function chartPathList(name: string, options: PathOptions = {}): { paths: ChartPath[]; truncated: boolean } {
  const key = JSON.stringify([resolveChart(name), options.to ?? null, Boolean(options.simple), options.by ?? 'value']);
  if (!computed.has(key)) computed.set(key, computePaths(name, options));
  return computed.get(key)!;
}

function computePaths(name: string, options: PathOptions): { paths: ChartPath[]; truncated: boolean } {
  const chart = resolveChart(name);
  const examples = CHART_EXAMPLES[chart]!;
  const machine = examples.machine as AnyStateMachine;
  const by = options.by ?? 'value';
  let found: ChartPath[];
  let truncated = false;
  if (options.simple) ({ paths: found, truncated } = simplePaths(chart, examples, options.to));
  else {
    const walk = (events: ChartExamples['events']) =>
      (getShortestPaths(machine, traversal(examples, events, by) as never) as StatePath<AnyMachineSnapshot, EventObject>[])
        .filter((p) => (options.to ? inState(p.state, options.to) : true))
        .map((p) => toChartPath(chart, p));
    try {
      found = walk(examples.events);
    } catch (error) {
      // The whole table at once is too big a graph: walk it one concern at a time, as the test does.
      if (!examples.facets || !/limit/i.test((error as Error).message)) throw error;
      found = Object.values(examples.facets).flatMap(walk);
    }
  }
  // Shortest first; equal lengths in the order of their events, so the numbering is stable.
  found.sort((a, b) => a.steps.length - b.steps.length || describeSteps(a).localeCompare(describeSteps(b)));
  const seen = new Set<string>();
  const paths = found.filter((p) => {
    // One path per state value (shortest), per distinct list of events (simple, transition).
    const key = options.simple || by === 'transition' ? describeSteps(p) : JSON.stringify(p.target);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  paths.forEach((p, i) => (p.index = i + 1));
  return { paths, truncated };
}

const describeSteps = (p: ChartPath) => p.steps.map((s) => formatEvent(s.event)).join(' → ');

export function chartSummary(name: string): ChartSummary {
  const chart = resolveChart(name);
  const machine = CHART_EXAMPLES[chart]!.machine as AnyStateMachine;
  const states = [...stateNodes(machine.root)].length - 1;
  return { chart, states, transitions: declaredTransitions(machine).length, paths: chartPaths(chart).length };
}

export function formatSummary(rows: ChartSummary[]): string {
  const header = ['chart', 'states', 'transitions', 'shortest paths'];
  const cells = rows.map((r) => [r.chart, String(r.states), String(r.transitions), String(r.paths)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** One readable step: `in idle, send upload.start {"file":…} → active.preparing`. */
export function formatStep(step: PathStep): string {
  return `in ${formatValue(step.from)}, send ${formatEvent(step.event)} → ${formatValue(step.to)}`;
}

/** A path's heading: `Path 3 → active.chunking (2 steps)`. */
export function formatPathHead(p: ChartPath): string {
  return `Path ${p.index} → ${formatValue(p.target)} (${p.steps.length} step${p.steps.length === 1 ? '' : 's'})`;
}

/** What a path of no step says. */
export const INITIAL_PATH_TEXT = '(the initial state: no event)';

export function formatText(paths: ChartPath[]): string {
  return paths
    .map((p) => {
      const head = formatPathHead(p);
      const steps = p.steps.length ? p.steps.map((s) => `  ${s.n}. ${formatStep(s)}`) : [`  ${INITIAL_PATH_TEXT}`];
      return [head, ...steps].join('\n');
    })
    .join('\n\n');
}

export function formatJson(chart: string, paths: ChartPath[], options: PathOptions = {}): string {
  return JSON.stringify(
    {
      chart,
      kind: options.simple ? 'simple' : 'shortest',
      by: options.by ?? 'value',
      ...(options.to ? { to: options.to } : {}),
      paths: paths.map((p) => ({
        index: p.index,
        target: p.target,
        targetLabel: formatValue(p.target),
        steps: p.steps.map((s) => ({ ...s, text: formatStep(s) })),
      })),
    },
    null,
    2,
  );
}
