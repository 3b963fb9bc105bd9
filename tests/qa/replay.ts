import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { Trace, type StateValue } from '../../models/trace';
import { CHART_EXAMPLES, type ChartExamples } from '../machines/examples/index';
import { formatValue, resolveChart } from './paths';

// `npm run replay -- trace.json` (issue 16): replays an event trace (models/trace.ts) headlessly through
// the same charts, each actor created from the chart registry (tests/machines/examples/) with its
// side-effect actions replaced by stand-ins that only record their calls, and compares the state value
// after each event with the recorded one. An actor the app restored from a stored state (a plugin's chart
// at the state the server reports) starts at the state and context the trace noted for it. It prints the
// first divergence of each actor, or "no divergence (N events, M actors)"; it exits 1 on a divergence, an
// unknown chart or an invalid trace.
//
// Recorded payloads are redacted (passwords, codes, tokens become "[redacted]"): a chart whose guards
// read such a value may take another branch on replay, and the divergence says where.

export interface Divergence {
  /** 1-based position of the event in `trace.events`. */
  step: number;
  actor: string;
  event: EventObject;
  recorded: StateValue;
  replayed: StateValue;
  /** Set when the states agree but the recorded tags do not. */
  tags?: { recorded: string[]; replayed: string[] };
}

export interface ReplayReport {
  events: number;
  actors: number;
  divergences: Divergence[];
  /** Problems that stop a replay: an invalid trace, an unknown chart, an action that threw. */
  errors: string[];
  /** Side-effect action calls per actor, in order (for a closer look). */
  effects: Record<string, { type: string; params: unknown }[]>;
}

/** A JSON text with object keys sorted, so two state values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/**
 * The chart's own side-effect actions (the plain functions `setup()` names, which the app replaces with
 * `.provide()`), each replaced by a stand-in that records its call. XState's built-in actions (assign,
 * raise, sendTo, enqueueActions…) are the chart's logic and stay as they are.
 */
export function stubSideEffects(machine: AnyStateMachine, calls: { type: string; params: unknown }[]): AnyStateMachine {
  const actions = (machine.implementations.actions ?? {}) as Record<string, unknown>;
  const stubs = Object.fromEntries(
    Object.entries(actions)
      .filter(([, impl]) => typeof impl === 'function' && !String((impl as { type?: unknown }).type ?? '').startsWith('xstate.'))
      .map(([type]) => [type, (_: unknown, params: unknown) => void calls.push({ type, params: params ?? null })]),
  );
  return machine.provide({ actions: stubs } as never) as AnyStateMachine;
}

/** The input an actor is created with: the recorded one over the registry's (functions such as a form's `validate` are never recorded). */
function inputFor(examples: ChartExamples, recorded: unknown): unknown {
  if (recorded === undefined) return examples.input;
  if (isPlainObject(examples.input) && isPlainObject(recorded)) return { ...examples.input, ...recorded };
  return recorded;
}

/** Replays a trace (parsed JSON, validated here) through the charts. */
export function replayTrace(raw: unknown): ReplayReport {
  const report: ReplayReport = { events: 0, actors: 0, divergences: [], errors: [], effects: {} };
  const parsed = Trace.safeParse(raw);
  if (!parsed.success) {
    report.errors.push(...parsed.error.issues.map((i) => `invalid trace: ${i.path.join('.') || '(root)'}: ${i.message}`));
    return report;
  }
  const trace = parsed.data;
  report.events = trace.events.length;
  report.actors = trace.actors.length;
  const actors = new Map<string, { actor: ReturnType<typeof createActor>; diverged: boolean; failed: boolean }>();
  for (const a of trace.actors) {
    let chart: string;
    try {
      chart = resolveChart(a.machine);
    } catch {
      report.errors.push(`actor ${a.id}: unknown chart "${a.machine}"`);
      continue;
    }
    const examples = CHART_EXAMPLES[chart]!;
    const calls: { type: string; params: unknown }[] = (report.effects[a.id] = []);
    const machine = stubSideEffects(examples.machine as AnyStateMachine, calls);
    // An actor the app restored from a stored state starts there; the others from their input.
    const options = a.start ? { snapshot: machine.resolveState({ value: a.start.value, context: a.start.context as never }) } : { input: inputFor(examples, a.input) };
    const actor = createActor(machine, options as never);
    const entry = { actor, diverged: false, failed: false };
    actor.subscribe({
      error: (error) => {
        entry.failed = true;
        report.errors.push(`actor ${a.id}: ${(error as Error).message}`);
      },
    });
    actor.start();
    actors.set(a.id, entry);
  }
  if (report.errors.length) return report;
  trace.events.forEach((e, i) => {
    const entry = actors.get(e.actor)!;
    // After an actor's first divergence its later states follow from it: only the first one is told.
    if (entry.diverged || entry.failed) return;
    entry.actor.send(e.event as EventObject);
    const snapshot = entry.actor.getSnapshot() as AnyMachineSnapshot;
    const divergence = { step: i + 1, actor: e.actor, event: e.event as EventObject, recorded: e.state, replayed: snapshot.value as StateValue };
    if (canonical(snapshot.value) !== canonical(e.state)) {
      entry.diverged = true;
      report.divergences.push(divergence);
    } else if (e.tags) {
      const replayed = [...(snapshot.tags as Set<string>)].sort();
      const recorded = [...e.tags].sort();
      if (canonical(replayed) !== canonical(recorded)) {
        entry.diverged = true;
        report.divergences.push({ ...divergence, tags: { recorded, replayed } });
      }
    }
  });
  for (const { actor } of actors.values()) actor.stop();
  return report;
}

export function formatReport(report: ReplayReport): string {
  if (report.errors.length) return report.errors.join('\n');
  if (!report.divergences.length) return `no divergence (${report.events} events, ${report.actors} actors)`;
  return report.divergences
    .map((d) =>
      d.tags
        ? `step ${d.step} actor ${d.actor}: after ${d.event.type}, recorded tags [${d.tags.recorded.join(', ')}], replayed [${d.tags.replayed.join(', ')}] (state ${formatValue(d.replayed)})`
        : `step ${d.step} actor ${d.actor}: recorded ${formatValue(d.recorded)}, replayed ${formatValue(d.replayed)} (after ${d.event.type})`,
    )
    .join('\n');
}

export const replayFailed = (report: ReplayReport) => report.errors.length > 0 || report.divergences.length > 0;

/** The CLI without the process: `argv` is the arguments after the script. */
export function runReplay(argv: string[]): { code: number; stdout: string; stderr: string } {
  const json = argv.includes('--json');
  const files = argv.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) return { code: 1, stdout: '', stderr: 'usage: npm run replay -- <trace.json> [--json]\n' };
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(files[0]!, 'utf8'));
  } catch (error) {
    return { code: 1, stdout: '', stderr: `cannot read ${files[0]}: ${(error as Error).message}\n` };
  }
  const report = replayTrace(raw);
  const text = json ? JSON.stringify(report, null, 2) : formatReport(report);
  return { code: replayFailed(report) ? 1 : 0, stdout: `${text}\n`, stderr: '' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // Piped into `head`: stop quietly when the reader has gone.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const result = runReplay(process.argv.slice(2));
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
}
