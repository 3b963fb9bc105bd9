import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { Trace } from '../../models/trace';
import { traceInspector } from '../../src/app/trace';
import { buildTrace, chartName, isTracing, startTracing, stopTracing } from '../../src/app/traceTools';
import { CHART_EXAMPLES } from '../machines/examples/index';
import { replayTrace, stubSideEffects } from '../qa/replay';

// Issue 16: the admin's recorder (src/app/trace.ts) gives each chart's actor an `inspect` that pairs every
// event sent to it with the state it left the actor in, redacts secrets, and yields a trace the replay
// (tests/qa/replay.ts) plays through the same charts without divergence.

const sessionChart = CHART_EXAMPLES.session!.machine as AnyStateMachine;

/** A session actor as the app makes it (side effects stubbed), traced. */
function tracedSession(input: unknown = { token: null }) {
  return createActor(stubSideEffects(sessionChart, []), { input, inspect: traceInspector(sessionChart, input) } as never);
}

afterEach(() => stopTracing());

/** The argument text of each call of `name(` in a source file (up to its matching parenthesis). */
function callArguments(text: string, name: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(`\\b${name}\\(`, 'g'))) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i += 1) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    out.push(text.slice(m.index + m[0].length, i - 1));
  }
  return out;
}

describe('the event-trace recorder', () => {
  it('reaches every chart a view creates: hooks make their actors with useChart, never useActorRef directly', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const offenders = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(path.join('app', 'useChart.ts')))
      .filter((f) => /\buseActorRef\(/.test(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('reaches the actors made outside a view too (upload runners, plugin lifecycles): every createActor in src/ is traced', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const made = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => ({ f, text: fs.readFileSync(path.join(src, f), 'utf8') }))
      .filter(({ text }) => /\bcreateActor\(/.test(text));
    expect(made.map(({ f }) => f).sort()).toEqual([path.join('app', 'root.ts'), path.join('components', 'attachments', 'uploadRunner.ts'), path.join('features', 'plugins', 'usePlugins.ts')]);
    // Each call's arguments hand the actor an inspector of the recorder (root.ts through its `traced` options).
    for (const { f, text } of made) {
      for (const args of callArguments(text, 'createActor')) expect(/\b(traceInspector|traced)\(/.test(args), `${f}: createActor(${args.slice(0, 80)}…)`).toBe(true);
    }
  });

  it('names every chart by its file name, which the replay looks it up by', () => {
    for (const [name, examples] of Object.entries(CHART_EXAMPLES)) expect(chartName((examples.machine as AnyStateMachine).id), name).toBe(name);
  });

  it('records each event sent to an actor with the state and tags it left the actor in', async () => {
    startTracing();
    const actor = tracedSession().start();
    actor.send({ type: 'login.submit', account: 'ann@example.com', password: 'Secret-pass-1' });
    const afterSubmit = actor.getSnapshot();
    actor.send({ type: 'login.succeeded', token: 'tok-abcdef', name: 'Ann', passTips: false });
    const afterLogin = actor.getSnapshot();
    const trace = buildTrace()!;
    expect(Trace.safeParse(trace).success).toBe(true);
    expect(trace.actors).toEqual([{ id: expect.stringMatching(/^session-\d+$/), machine: 'session', input: { token: null } }]);
    expect(trace.events.map((e) => [e.event.type, e.state, e.tags])).toEqual([
      ['login.submit', afterSubmit.value, [...afterSubmit.tags].sort()],
      ['login.succeeded', afterLogin.value, [...afterLogin.tags].sort()],
    ]);
    expect(trace.events.every((e) => e.actor === trace.actors[0]!.id)).toBe(true);
    actor.stop();
  });

  it('keeps no password or token: payloads and inputs are redacted, and the trace still replays', async () => {
    startTracing();
    const actor = tracedSession({ token: 'stored-token-123' }).start();
    actor.send({ type: 'login.submit', account: 'ann@example.com', password: 'Secret-pass-1', code: '654321' });
    actor.send({ type: 'login.succeeded', token: 'tok-abcdef', name: 'Ann', passTips: false });
    const text = JSON.stringify(buildTrace());
    for (const secret of ['Secret-pass-1', '654321', 'tok-abcdef', 'stored-token-123']) expect(text).not.toContain(secret);
    expect(buildTrace()!.events[0]!.event).toMatchObject({ account: 'ann@example.com', password: '[redacted]', code: '[redacted]' });
    actor.stop();
    const report = replayTrace(JSON.parse(text));
    expect(report.errors).toEqual([]);
    expect(report.divergences).toEqual([]);
  });

  it("keeps no password typed into a form: a sensitive field's value is redacted, an emptied one stays empty", async () => {
    const formChart = CHART_EXAMPLES.resourceForm!;
    const input = formChart.input as { validate: () => Record<string, string> };
    startTracing();
    const actor = createActor(stubSideEffects(formChart.machine as AnyStateMachine, []), { input, inspect: traceInspector(formChart.machine as AnyStateMachine, input) } as never).start();
    actor.send({ type: 'form.openCreate', values: { account: '', password: '' } });
    actor.send({ type: 'field.change', name: 'account', value: 'ann@example.com' });
    actor.send({ type: 'field.change', name: 'password', value: 'Typed-pass-9' });
    actor.send({ type: 'field.change', name: 'confirm', value: 'Typed-pass-9' });
    actor.send({ type: 'field.change', name: 'old_password', value: '' });
    actor.send({ type: 'form.close' });
    const trace = buildTrace()!;
    expect(JSON.stringify(trace)).not.toContain('Typed-pass-9');
    expect(trace.events.filter((e) => e.event.type === 'field.change').map((e) => e.event.value)).toEqual(['ann@example.com', '[redacted]', '[redacted]', '']);
    expect(replayTrace(JSON.parse(JSON.stringify(trace))).divergences).toEqual([]);
    actor.stop();
  });

  it('records an upload runner: its events, the resume token redacted, and the trace replays', () => {
    startTracing();
    const upload = CHART_EXAMPLES.upload!.machine as AnyStateMachine;
    const actor = createActor(stubSideEffects(upload, []), { inspect: traceInspector(upload) }).start();
    const token = { basename: 'u-secret-77', path: 'tmp/u-secret-77' };
    actor.send({ type: 'upload.start', file: { name: 'film.mp4', size: 5, lastModified: 1 }, chunkSize: 2, threshold: 3, resume: null });
    actor.send({ type: 'prepare.done', size: 5, hash: null });
    actor.send({ type: 'chunk.sent', index: 1, token, received: [1] });
    actor.send({ type: 'chunk.sent', index: 2, token, received: [1, 2] });
    actor.send({ type: 'chunk.done', index: 3, attachment: { id: 9, name: 'film.mp4', url: '/uploads/film.mp4' } });
    const trace = buildTrace()!;
    expect(trace.actors).toEqual([{ id: expect.stringMatching(/^upload-\d+$/), machine: 'upload' }]);
    expect(trace.events.map((e) => e.event.type)).toEqual(['upload.start', 'prepare.done', 'chunk.sent', 'chunk.sent', 'chunk.done']);
    expect(trace.events.at(-1)).toMatchObject({ state: 'done', tags: ['done'] });
    expect(JSON.stringify(trace)).not.toContain('u-secret-77');
    const report = replayTrace(JSON.parse(JSON.stringify(trace)));
    expect(report.errors).toEqual([]);
    expect(report.divergences).toEqual([]);
    actor.stop();
  });

  it('records a plugin actor restored at the state the server reports, and the replay starts it there', () => {
    startTracing();
    const plugin = CHART_EXAMPLES.plugin!.machine as AnyStateMachine;
    const restored = plugin.resolveState({ value: 'disabled', context: { version: '1.0.0', settingsKept: false, lastError: '' } });
    const actor = createActor(plugin, { snapshot: restored, inspect: traceInspector(plugin) }).start();
    actor.send({ type: 'plugin.enable' });
    actor.send({ type: 'plugin.upgrade', version: '1.1.0' });
    actor.send({ type: 'plugin.uninstall' });
    actor.send({ type: 'plugin.uninstallFailed', reason: 'drop failed' });
    const trace = buildTrace()!;
    expect(Trace.safeParse(trace).success).toBe(true);
    expect(trace.actors).toEqual([
      { id: expect.stringMatching(/^plugin-\d+$/), machine: 'plugin', start: { value: 'disabled', context: { version: '1.0.0', settingsKept: false, lastError: '' } } },
    ]);
    expect(trace.events.map((e) => [e.event.type, e.state])).toEqual([
      ['plugin.enable', 'enabled'],
      ['plugin.upgrade', 'enabled'],
      ['plugin.uninstall', 'uninstalling'],
      ['plugin.uninstallFailed', 'failed'],
    ]);
    const report = replayTrace(JSON.parse(JSON.stringify(trace)));
    expect(report.errors).toEqual([]);
    expect(report.divergences).toEqual([]);
    // Started at the chart's initial state instead, the replay would part at the first event.
    const fromScratch = JSON.parse(JSON.stringify(trace)) as typeof trace;
    delete fromScratch.actors[0]!.start;
    expect(replayTrace(fromScratch).divergences).toEqual([expect.objectContaining({ step: 1, recorded: 'enabled', replayed: 'notInstalled' })]);
    actor.stop();
  });

  it('times each event from the start of the recording, in the order the events were processed', async () => {
    startTracing();
    const actor = tracedSession().start();
    actor.send({ type: 'login.submit', account: 'ann', password: 'pw-1' });
    await new Promise((r) => setTimeout(r, 20));
    actor.send({ type: 'login.failed', message: 'bad password' });
    const trace = buildTrace()!;
    expect(trace.events.map((e) => e.event.type)).toEqual(['login.submit', 'login.failed']);
    expect(trace.events[0]!.t).toBeGreaterThanOrEqual(0);
    expect(trace.events[1]!.t - trace.events[0]!.t).toBeGreaterThanOrEqual(15);
    actor.stop();
  });

  it("records the chart's own events (an invoked actor's answer included), not the invoked actor's", async () => {
    const machine = setup({ actors: { load: fromPromise(async () => 42) } }).createMachine({
      id: 'loader',
      initial: 'loading',
      context: { n: 0 },
      states: {
        loading: { invoke: { src: 'load', onDone: { target: 'ready', actions: assign({ n: ({ event }) => event.output }) } } },
        ready: { on: { reload: 'loading' } },
      },
    });
    startTracing();
    const actor = createActor(machine, { inspect: traceInspector(machine) }).start();
    await new Promise((r) => setTimeout(r, 10));
    const trace = buildTrace()!;
    expect(trace.actors.map((a) => a.machine)).toEqual(['loader']);
    expect(trace.events.map((e) => [e.event.type, e.state])).toEqual([['xstate.done.actor.0.loader.loading', 'ready']]);
    actor.stop();
  });

  it('records nothing while off, and a new recording holds only the actors started in it', async () => {
    const before = tracedSession().start();
    before.send({ type: 'login.submit', account: 'ann', password: 'pw' });
    expect(isTracing()).toBe(false);
    expect(buildTrace()).toBeNull();
    startTracing();
    before.send({ type: 'login.failed', message: 'no' });
    expect(buildTrace()!.actors).toEqual([]);
    expect(buildTrace()!.events).toEqual([]);
    const during = tracedSession().start();
    during.send({ type: 'login.submit', account: 'bob', password: 'pw' });
    stopTracing();
    startTracing();
    during.send({ type: 'login.failed', message: 'no' });
    expect(Trace.safeParse(buildTrace()).success).toBe(true);
    expect(buildTrace()!.events).toEqual([]);
    before.stop();
    during.stop();
  });
});

describe("a browser session's trace", () => {
  // Recorded by tests/e2e/trace.test.ts (sign in with ?trace=1, the admins list filtered, the create dialog
  // typed into and discarded, the dashboard tab and back): it still replays through today's charts.
  const recorded = JSON.parse(fs.readFileSync(new URL('./fixtures/browser-trace.json', import.meta.url), 'utf8')) as unknown;

  it('replays with no divergence', () => {
    const report = replayTrace(recorded);
    expect(report.errors).toEqual([]);
    expect(report.divergences).toEqual([]);
    expect(report.events).toBeGreaterThan(30);
  });
});

describe("a browser session's upload and plugin actions", () => {
  // The upload and plugin actors of a trace recorded by tests/e2e/trace.test.ts (a file uploaded on the
  // attachments screen, the built-in plugin installed and disabled): the plugin list's actors start at the
  // state the server reported, and the whole replays through today's charts.
  const recorded = JSON.parse(fs.readFileSync(new URL('./fixtures/browser-trace-upload-plugin.json', import.meta.url), 'utf8')) as Trace;

  it('replays with no divergence', () => {
    expect(new Set(recorded.actors.map((a) => a.machine))).toEqual(new Set(['upload', 'plugin']));
    const report = replayTrace(recorded);
    expect(report.errors).toEqual([]);
    expect(report.divergences).toEqual([]);
    expect(report.effects[recorded.actors.find((a) => a.machine === 'upload')!.id]!.map((c) => c.type)).toEqual(['prepareFile', 'checkHash', 'sendFile', 'finished']);
  });
});
