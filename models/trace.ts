import { z } from 'zod';

// Event traces (issue 16): what a session did to the app's charts, recorded in the browser and replayed
// headlessly by `npm run replay -- trace.json` (tests/qa/replay.ts) through the same charts. A trace
// names each actor's chart (`upload` for machines/upload.machine.ts) and the input it was created
// with; each event is kept with the time since the trace started, the state value the actor was in
// after it and, optionally, the tags it showed. Payloads are redacted before they are written:
// passwords, codes, tokens and cookies never leave the browser.

export const TRACE_VERSION = 1;

/** A chart's state value: a state name, or an object of nested values for compound and parallel states. */
export type StateValue = string | { [key: string]: StateValue };
export const StateValue: z.ZodType<StateValue> = z.lazy(() => z.union([z.string(), z.record(z.string(), StateValue)]));

export const TraceActor = z.object({
  /** Unique within the trace; events name their actor by it. */
  id: z.string().min(1),
  /** The chart's file name without `.machine.ts`. */
  machine: z.string().min(1),
  input: z.unknown().optional(),
  /**
   * Where an actor restored from a stored state started (the plugin list starts each plugin's chart at the
   * state the server reports), instead of the chart's initial state.
   */
  start: z.object({ value: StateValue, context: z.unknown() }).optional(),
});
export type TraceActor = z.infer<typeof TraceActor>;

export const TraceEvent = z.object({
  /** Milliseconds since `startedAt`. */
  t: z.number().nonnegative(),
  actor: z.string().min(1),
  event: z.looseObject({ type: z.string().min(1) }),
  /** `snapshot.value` after the event. */
  state: StateValue,
  tags: z.array(z.string()).optional(),
});
export type TraceEvent = z.infer<typeof TraceEvent>;

export const Trace = z
  .object({
    version: z.literal(TRACE_VERSION),
    /** ISO 8601. */
    startedAt: z.iso.datetime({ offset: true }),
    userAgent: z.string().optional(),
    actors: z.array(TraceActor),
    events: z.array(TraceEvent),
  })
  .superRefine((trace, ctx) => {
    const ids = new Set<string>();
    trace.actors.forEach((actor, i) => {
      if (ids.has(actor.id)) ctx.addIssue({ code: 'custom', path: ['actors', i, 'id'], message: `duplicate actor id ${actor.id}` });
      ids.add(actor.id);
    });
    trace.events.forEach((event, i) => {
      if (!ids.has(event.actor)) ctx.addIssue({ code: 'custom', path: ['events', i, 'actor'], message: `unknown actor ${event.actor}` });
    });
  });
export type Trace = z.infer<typeof Trace>;

/** Keys whose values a trace never keeps. */
export const REDACTED_KEY = /pass(word)?|secret|token|code|captcha|authorization|cookie/i;
export const REDACTED = '[redacted]';

/**
 * A copy of `value` with every value under a sensitive key (at any depth) replaced by `[redacted]`.
 * Values that hold no secret stay, so a replay takes the same branches: null, undefined, '' and
 * booleans (`token: null` is "signed out", `hasToken: false` a fact, not a token).
 */
const holdsSecret = (v: unknown) => v !== null && v !== undefined && v !== '' && typeof v !== 'boolean';

export function redactValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => redactValue(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  // Files, dates and other class instances are not plain data: keep what JSON would keep of them.
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, REDACTED_KEY.test(key) && holdsSecret(v) ? REDACTED : redactValue(v)]),
  ) as T;
}

/** An event as a trace keeps it: its `type` as is, every sensitive payload value redacted. */
export function redactEvent<E extends { type: string }>(event: E): E {
  return { ...redactValue(event), type: event.type };
}

/** What a recorder reads of an actor's snapshot after an event (an XState snapshot fits). */
export interface RecordedSnapshot {
  value: StateValue;
  tags?: Iterable<string>;
}

/**
 * Builds a trace as an app runs: `actor()` once per actor started, `record()` after each event it was
 * sent, with its snapshot after the event. Payloads and inputs are redacted as they are recorded.
 */
export function createTraceRecorder(options: { now?: () => number; userAgent?: string } = {}) {
  const now = options.now ?? Date.now;
  const start = now();
  const trace: Trace = {
    version: TRACE_VERSION,
    startedAt: new Date(start).toISOString(),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    actors: [],
    events: [],
  };
  return {
    trace,
    actor(id: string, machine: string, input?: unknown, start?: { value: StateValue; context: unknown }) {
      trace.actors.push({
        id,
        machine,
        ...(input === undefined ? {} : { input: redactValue(input) }),
        ...(start ? { start: { value: JSON.parse(JSON.stringify(start.value)) as StateValue, context: redactValue(start.context) } } : {}),
      });
    },
    record(actor: string, event: { type: string }, snapshot: RecordedSnapshot) {
      trace.events.push({
        t: Math.max(0, now() - start),
        actor,
        event: redactEvent(event),
        state: JSON.parse(JSON.stringify(snapshot.value)) as StateValue,
        ...(snapshot.tags ? { tags: [...snapshot.tags].sort() } : {}),
      });
    },
  };
}
