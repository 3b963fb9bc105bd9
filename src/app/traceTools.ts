import type { InspectionEvent } from 'xstate';
import { createTraceRecorder, REDACTED, REDACTED_KEY, type StateValue, type Trace } from '../../models/trace';
import { languageStore, t } from '../i18n';
import { connectTrace } from './trace';

// Event traces (issue 16), the recorder: loaded when recording starts (`?trace=1` at load, kept for the
// tab's session, or the switch in a super-admin's personal center) or when a page error happens. While
// recording, every event sent to a chart's actor is logged with its time and the state and tags it left
// the actor in; the trace (models/trace.ts: redacted, the format `npm run replay` reads) is built from
// the log when it is downloaded. The floating "⏺ tracing · download · stop" control and the error report
// live here too; the control is plain DOM (no React, no Chakra): it must work while the React tree is broken.

const STORAGE_KEY = 'banyan.trace';
/** Charts whose `id` is not their file name (`machines/<name>.machine.ts`), which the replay looks them up by. */
const CHART_FILES: Record<string, string> = { categoryTree: 'attachmentCategoryTree', picker: 'attachmentPicker' };
export const chartName = (machineId: string) => CHART_FILES[machineId] ?? machineId;

/** One line of the log: an actor that started, or an event it was sent with its state and tags after it. */
export type TraceEntry =
  | { at: number; actor: string; machine: string; input: unknown; start?: { value: StateValue; context: unknown } }
  | { at: number; actor: string; event: { type: string }; value: unknown; tags: Iterable<string> };
export interface TraceLog {
  startedAt: number;
  entries: TraceEntry[];
}

let log: TraceLog | null = null;
/** Bumped on each start: an actor registered in an earlier recording is not part of this one. */
let generation = 0;
let seq = 0;
let lastError: unknown;
const listeners = new Set<() => void>();

export const isTracing = () => log !== null;
export const traceLog = () => log;
export function subscribeTracing(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
function changed() {
  listeners.forEach((l) => l());
  if (typeof document !== 'undefined') showControl();
}

function remember(on: boolean) {
  try {
    if (on) sessionStorage.setItem(STORAGE_KEY, '1');
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage refused: this page records all the same */
  }
}

/** What the recorder knows of one actor (by its inspector). */
interface Tracked {
  id: string;
  generation: number;
  /** Events sent to it whose snapshot has not come yet. */
  sent: object[];
}
const tracked = new WeakMap<object, Tracked>();

/**
 * One inspection event of a chart's actor. The actor joins the trace when it starts while recording; then
 * each event sent to it (`@xstate.event`) is logged with the snapshot it produced (the `@xstate.snapshot`
 * that carries the same event). Events of the actors it invokes or spawns are theirs, not the chart's: the
 * replay's stand-ins play them. XState's snapshots are immutable: their value and tags are kept as they are.
 */
function record(ev: InspectionEvent, machineId: string, input: unknown, self: object, at = Date.now()) {
  if (!log || ev.actorRef.sessionId !== ev.rootId) return;
  let actor = tracked.get(self);
  if (ev.type === '@xstate.event') {
    // Starting (again, under React's strict mode) is not an event the chart was sent.
    if (ev.event.type === 'xstate.init') {
      if (actor?.generation === generation) return;
      const machine = chartName(machineId);
      actor = { id: `${machine}-${++seq}`, generation, sent: [] };
      tracked.set(self, actor);
      log.entries.push({ at, actor: actor.id, machine, input, ...restoredAt(ev.actorRef) });
    } else if (actor?.generation === generation && ev.event.type !== 'xstate.stop') actor.sent.push(ev.event);
  } else if (ev.type === '@xstate.snapshot' && actor?.generation === generation) {
    const i = actor.sent.indexOf(ev.event);
    const snapshot = ev.snapshot as { value?: unknown; tags?: Set<string> };
    if (i < 0 || snapshot.value === undefined) return;
    actor.sent = actor.sent.slice(i + 1);
    log.entries.push({ at, actor: actor.id, event: ev.event, value: snapshot.value, tags: snapshot.tags ?? [] });
  }
}

/** An actor created from a stored snapshot (not at its chart's initial state) starts the replay where it started. */
function restoredAt(ref: InspectionEvent['actorRef']): { start?: { value: StateValue; context: unknown } } {
  if (!(ref as { options?: { snapshot?: unknown } }).options?.snapshot) return {};
  const { value, context } = ref.getSnapshot() as { value: StateValue; context: unknown };
  return { start: { value, context } };
}

/** Starts a fresh recording, kept on for the tab's session: the actors started from now on are traced. */
export function startTracing(since = Date.now()) {
  remember(true);
  generation += 1;
  log = { startedAt: since, entries: [] };
  connectTrace(record);
  changed();
}

export function stopTracing() {
  remember(false);
  generation += 1;
  log = null;
  connectTrace(null);
  changed();
}

/** Field names whose typed value is a secret though the key holding it (`value`) is not. */
const SECRET_FIELD = /confirm|(^|[_-])key$|apikey|private/i;

/**
 * A form's `field.change { name: 'password', value }` keeps its secret under `value`, which the payload
 * redaction (by key) does not see: the value of a sensitive field is redacted too. An emptied field stays
 * empty, so the replay still sees it cleared.
 */
export function hideTypedSecret<E extends { type: string }>(event: E): E {
  const { name, value } = event as { name?: unknown; value?: unknown };
  if (typeof name !== 'string' || !('value' in event) || !(REDACTED_KEY.test(name) || SECRET_FIELD.test(name))) return event;
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return event;
  return { ...event, value: REDACTED };
}

/** The trace of a log (the one being recorded by default), redacted; null when not recording. */
export function buildTrace(from: TraceLog | null = log): Trace | null {
  if (!from) return null;
  let clock = from.startedAt;
  const recorder = createTraceRecorder({ now: () => clock, userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent });
  for (const entry of from.entries) {
    clock = entry.at;
    if ('machine' in entry) recorder.actor(entry.actor, entry.machine, entry.input, entry.start);
    else recorder.record(entry.actor, hideTypedSecret(entry.event), { value: entry.value as StateValue, tags: entry.tags });
  }
  return recorder.trace;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

function save(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadTrace() {
  const trace = buildTrace();
  if (trace) save(`banyan-trace-${stamp()}.json`, trace);
}

/** What a user sends about a page error: the error, where and when, and the trace while one is recorded. */
export function errorReport(error: unknown) {
  const e = error instanceof Error ? error : new Error(String(error));
  const trace = buildTrace();
  return { error: { message: e.message, stack: e.stack ?? '' }, url: window.location.href, time: new Date().toISOString(), ...(trace ? { trace } : {}) };
}

export function downloadErrorReport(error: unknown) {
  save(`banyan-error-${stamp()}.json`, errorReport(error));
}

/** A page error no error screen caught (a handler, a promise): the control offers its report. */
export function pageError(error: unknown) {
  lastError = error ?? new Error('unknown error');
  showControl();
}

let control: HTMLElement | null = null;

function button(label: string, testId: string, onClick: () => void) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.dataset.testid = testId;
  b.style.cssText = 'font:inherit;color:inherit;background:transparent;border:1px solid currentColor;border-radius:4px;padding:2px 8px;cursor:pointer';
  b.addEventListener('click', onClick);
  return b;
}

const text = (content: string, color?: string) => {
  const span = document.createElement('span');
  span.textContent = content;
  if (color) span.style.color = color;
  return span;
};

/** Shows (or updates, or removes) the floating control: recording, and the last page error. */
function showControl() {
  if (!log && lastError === undefined) {
    control?.remove();
    control = null;
    return;
  }
  if (!control) {
    control = document.createElement('div');
    control.dataset.testid = 'trace-control';
    control.setAttribute('role', 'region');
    control.style.cssText =
      'position:fixed;left:12px;bottom:12px;z-index:2147483000;display:flex;gap:8px;align-items:center;padding:6px 10px;border-radius:6px;background:#1f2937;color:#fff;font:12px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3)';
  }
  if (!control.isConnected) document.body.append(control);
  control.setAttribute('aria-label', t('trace.label'));
  const parts: HTMLElement[] = [];
  if (log) parts.push(text(`⏺ ${t('trace.recording')}`, '#fca5a5'), button(t('trace.download'), 'trace-download', downloadTrace), button(t('trace.stop'), 'trace-stop', stopTracing));
  const error = lastError;
  if (error !== undefined) parts.push(text(`⚠ ${t('trace.pageError')}`), button(t('trace.errorReport'), 'error-report-download', () => downloadErrorReport(error)));
  control.replaceChildren(...parts);
}

if (typeof document !== 'undefined') languageStore.subscribe(() => void (control && showControl()));
