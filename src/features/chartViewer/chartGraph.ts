import type { AnyStateMachine, AnyStateNode } from 'xstate';

// A chart's states and declared transitions as plain data, and a simple layered layout for drawing them
// (issue 16): one row per state (nested states indented inside their parent's box) and under each state one
// row per transition it declares, whose arrow leaves on the right, runs down or up its own lane and enters
// the target's box. Readable, not pretty; no layout library.

export interface ChartState {
  id: string;
  /** The state's key within its parent (`chunking`). */
  key: string;
  /** Dotted path from the root (`active.chunking`), as QA reads state values. */
  path: string;
  depth: number;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: boolean;
}

export interface ChartTransition {
  sourceId: string;
  source: string;
  /** The event type, `always` for eventless transitions, `after 1000 ms` for delays. */
  event: string;
  guard: string;
  /** Target state paths; empty when the transition stays in its state (actions only). */
  targets: string[];
  targetIds: string[];
}

function* walk(node: AnyStateNode): Generator<AnyStateNode> {
  yield node;
  for (const child of Object.values(node.states) as AnyStateNode[]) yield* walk(child);
}

const pathOf = (node: AnyStateNode) => node.path.join('.');

function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'inline';
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

function eventName(type: string): string {
  const delay = /^xstate\.after\.(\d+)\./.exec(type);
  if (delay) return `after ${delay[1]} ms`;
  return type;
}

/** The chart's states in document order (the root aside). */
export function chartStates(machine: AnyStateMachine): ChartState[] {
  return [...walk(machine.root)].slice(1).map((node) => {
    const parent = node.parent;
    const initial = Boolean(parent && parent.type === 'compound' && parent.initial?.target?.some((t: AnyStateNode) => t === node));
    return { id: node.id, key: node.key, path: pathOf(node), depth: node.path.length - 1, type: node.type as ChartState['type'], initial };
  });
}

/** Every declared transition, each guarded alternative on its own (the order the chart tries them in). */
export function chartTransitions(machine: AnyStateMachine): ChartTransition[] {
  const out: ChartTransition[] = [];
  for (const node of walk(machine.root)) {
    const add = (event: string, candidates: readonly { guard?: unknown; target?: readonly AnyStateNode[] }[]) => {
      for (const c of candidates) {
        const targets = (c.target ?? []) as AnyStateNode[];
        out.push({ sourceId: node.id, source: pathOf(node) || node.id, event, guard: guardName(c.guard), targets: targets.map((t) => pathOf(t) || t.id), targetIds: targets.map((t) => t.id) });
      }
    };
    for (const [type, candidates] of node.transitions as Map<string, { guard?: unknown; target?: AnyStateNode[] }[]>) add(eventName(type), candidates);
    add('always', (node.always ?? []) as { guard?: unknown; target?: AnyStateNode[] }[]);
  }
  return out;
}

export const ROW = 26;
export const INDENT = 18;
export const BOX_WIDTH = 420;
const LANE = 10;
const PAD = 8;

export interface LaidState extends ChartState {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidArrow {
  transition: ChartTransition;
  /** Text of the transition's row (`upload.start [hasFile]`). */
  label: string;
  /** Label position (start of the text, baseline). */
  labelX: number;
  labelY: number;
  /** The arrow's polyline points; none when the transition stays (no target). */
  points: Array<Array<[number, number]>>;
}

export interface ChartLayout {
  width: number;
  height: number;
  states: LaidState[];
  arrows: LaidArrow[];
}

/** Rows: each state's heading, then its transitions, then its children; arrows get lanes right of the boxes. */
export function layoutChart(states: readonly ChartState[], transitions: readonly ChartTransition[]): ChartLayout {
  const bySource = new Map<string, ChartTransition[]>();
  for (const t of transitions) bySource.set(t.sourceId, [...(bySource.get(t.sourceId) ?? []), t]);
  const maxDepth = Math.max(0, ...states.map((s) => s.depth));
  const right = PAD + maxDepth * INDENT + BOX_WIDTH;
  const headRow = new Map<string, number>();
  const rows: Array<{ state: ChartState; transition?: ChartTransition }> = [];
  for (const s of states) {
    headRow.set(s.id, rows.length);
    rows.push({ state: s });
    for (const t of bySource.get(s.id) ?? []) rows.push({ state: s, transition: t });
  }
  // Transitions of the root (on the machine itself) go first, in rows of their own.
  const rootRows = transitions.filter((t) => !headRow.has(t.sourceId));
  const offset = rootRows.length;
  const yOf = (row: number) => PAD + (row + offset) * ROW;

  // A state's box spans its heading row down to the last row of its last descendant.
  const lastRow = new Map<string, number>();
  rows.forEach((r, i) => {
    for (const s of states) if (r.state.id === s.id || r.state.path.startsWith(`${s.path}.`)) lastRow.set(s.id, i);
  });
  const laid: LaidState[] = states.map((s) => {
    const x = PAD + s.depth * INDENT;
    const top = headRow.get(s.id)!;
    return { ...s, x, y: yOf(top) + 2, width: right - x, height: (lastRow.get(s.id)! - top + 1) * ROW - 4 };
  });

  // Lanes: each arrow's vertical run takes the first lane free over its rows.
  const lanes: Array<Array<[number, number]>> = [];
  const laneOf = (from: number, to: number) => {
    const [a, b] = from < to ? [from, to] : [to, from];
    let i = lanes.findIndex((spans) => spans.every(([s, e]) => b < s || a > e));
    if (i === -1) i = lanes.push([]) - 1;
    lanes[i]!.push([a, b]);
    return i;
  };
  const arrows: LaidArrow[] = [];
  const place = (t: ChartTransition, row: number, depth: number) => {
    const label = `${t.event}${t.guard ? ` [${t.guard}]` : ''} ${t.targets.length ? `→ ${t.targets.join(', ')}` : '⟲'}`;
    const y = yOf(row) + ROW / 2;
    const points = t.targetIds
      .filter((id) => headRow.has(id))
      .map((id) => {
        const ty = yOf(headRow.get(id)!) + ROW / 2;
        const lx = right + 12 + laneOf(row, headRow.get(id)!) * LANE;
        return [[right, y], [lx, y], [lx, ty], [right + 2, ty]] as Array<[number, number]>;
      });
    arrows.push({ transition: t, label, labelX: PAD + depth * INDENT + 22, labelY: y + 4, points });
  };
  rootRows.forEach((t, i) => place(t, i - offset, 0));
  rows.forEach((r, i) => r.transition && place(r.transition, i, r.state.depth));
  return { width: right + 12 + lanes.length * LANE + PAD, height: yOf(rows.length) + PAD, states: laid, arrows };
}
