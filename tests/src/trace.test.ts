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

describe('the event-trace recorder', () => {
  it('reaches every chart a view creates: hooks make their actors with useChart, never useActorRef directly', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const offenders = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(path.join('app', 'useChart.ts')))
      .filter((f) => /\buseActorRef\(/.test(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
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
