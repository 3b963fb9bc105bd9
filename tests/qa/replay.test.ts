import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import type { SessionEvent } from '../../machines/session.machine';
import type { UploadEvent } from '../../machines/upload.machine';
import { createTraceRecorder, redactEvent, REDACTED, Trace } from '../../models/trace';
import { CHART_EXAMPLES } from '../machines/examples/index';
import { ATTACHMENT, BIG, HASH, TOKEN, begin } from '../machines/examples/upload.examples';
import { replayTrace, runReplay, stubSideEffects } from './replay';

// `npm run replay` (issue 16): a trace recorded from real actors replays through the same charts
// without divergence; a tampered one is caught at the step that was changed.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-replay-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs real chart actors (their side effects stubbed) and records what they did, as the browser recorder will. */
function record(runs: { id: string; machine: string; input?: unknown; events: EventObject[] }[]): Trace {
  let clock = 1_000;
  const recorder = createTraceRecorder({ now: () => (clock += 7), userAgent: 'vitest' });
  const actors = runs.map((run) => {
    const examples = CHART_EXAMPLES[run.machine]!;
    const actor = createActor(stubSideEffects(examples.machine as AnyStateMachine, []), { input: run.input ?? examples.input } as never);
    actor.start();
    recorder.actor(run.id, run.machine, run.input);
    return { ...run, actor };
  });
  // Interleaved, as two screens of one session would send them.
  for (let i = 0; i < Math.max(...runs.map((r) => r.events.length)); i += 1) {
    for (const { id, actor, events } of actors) {
      if (!events[i]) continue;
      actor.send(events[i]!);
      recorder.record(id, events[i]!, actor.getSnapshot());
    }
  }
  return recorder.trace;
}

const SESSION_EVENTS: SessionEvent[] = [
  { type: 'login.submit', account: 'ann', password: 'Secret-pass-1' },
  { type: 'login.needsCode', message: 'enter the code' },
  { type: 'code.request' },
  { type: 'code.sent', at: 1_700_000_000_000 },
  { type: 'login.submit', account: 'ann', password: 'Secret-pass-1', code: '123456' },
  { type: 'login.succeeded', token: 'tok-live', name: 'Ann', passTips: false },
  { type: 'session.expired', code: 50014 },
  { type: 'expired.relogin' },
];
const UPLOAD_EVENTS: UploadEvent[] = [
  begin(BIG),
  { type: 'prepare.done', size: BIG.size, hash: HASH },
  { type: 'hash.missing' },
  { type: 'chunk.sent', index: 1, token: TOKEN, received: [1] },
  { type: 'chunk.sent', index: 2, token: TOKEN, received: [1, 2] },
  { type: 'chunk.done', index: 3, attachment: ATTACHMENT },
];
const recorded = () =>
  record([
    { id: 'session', machine: 'session', input: { token: null }, events: SESSION_EVENTS },
    { id: 'upload-1', machine: 'upload', events: UPLOAD_EVENTS },
  ]);

const write = (name: string, trace: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(trace, null, 2));
  return file;
};

describe('the trace format', () => {
  it('a recorded trace is valid, timed, and keeps no password, code or token', () => {
    const trace = recorded();
    expect(Trace.safeParse(JSON.parse(JSON.stringify(trace))).success).toBe(true);
    expect(trace.actors.map((a) => a.machine)).toEqual(['session', 'upload']);
    expect(trace.events).toHaveLength(SESSION_EVENTS.length + UPLOAD_EVENTS.length);
    expect(trace.events.map((e) => e.t)).toEqual([...trace.events.map((e) => e.t)].sort((a, b) => a - b));
    const text = JSON.stringify(trace);
    for (const secret of ['Secret-pass-1', '123456', 'tok-live', '50014', 'u-7f3a']) expect(text).not.toContain(secret);
    expect(trace.events[0]!.event).toEqual({ type: 'login.submit', account: 'ann', password: REDACTED });
    expect(trace.events.findLast((e) => e.actor === 'upload-1')).toMatchObject({ state: 'done', tags: ['done'] });
  });

  it('redactEvent blanks sensitive keys at any depth and keeps the rest', () => {
    const event = {
      type: 'x.submit',
      account: 'ann',
      form: { newPassword: 'a', pass: 'b', captcha_code: 'c', list: [{ accessToken: 'd', keep: 1 }] },
      headers: { Authorization: 'Bearer e', Cookie: 'f', 'x-client-secret': 'g' },
      smsCode: 7,
      // Nothing secret to hide: kept, so a replay takes the same branch.
      hasToken: false,
      token: null,
      captcha: '',
    };
    expect(redactEvent(event)).toEqual({
      type: 'x.submit',
      account: 'ann',
      form: { newPassword: REDACTED, pass: REDACTED, captcha_code: REDACTED, list: [{ accessToken: REDACTED, keep: 1 }] },
      headers: { Authorization: REDACTED, Cookie: REDACTED, 'x-client-secret': REDACTED },
      smsCode: REDACTED,
      hasToken: false,
      token: null,
      captcha: '',
    });
    expect(event.form.pass, 'the event itself is left as it was').toBe('b');
  });
});

describe('replaying a trace', () => {
  it('a trace recorded from real session and upload actors replays with no divergence', () => {
    const report = replayTrace(JSON.parse(JSON.stringify(recorded())));
    expect(report.errors).toEqual([]);
    expect(report.divergences).toEqual([]);
    expect(runReplay([write('good.json', recorded())])).toEqual({
      code: 0,
      stdout: `no divergence (${SESSION_EVENTS.length + UPLOAD_EVENTS.length} events, 2 actors)\n`,
      stderr: '',
    });
    // The chart's side effects ran as stand-ins, in the order the chart asked for them.
    expect(report.effects['upload-1']!.map((c) => c.type)).toEqual(['prepareFile', 'checkHash', 'sendChunk', 'rememberUpload', 'sendChunk', 'sendChunk', 'forgetUpload', 'finished']);
  });

  it('a tampered state is reported at its step, with both states, and fails', () => {
    const trace = recorded();
    // Step 6 of the trace is the upload's second event (events interleave session, upload, …).
    const step = trace.events.findIndex((e, i) => e.actor === 'upload-1' && trace.events.slice(0, i).filter((x) => x.actor === 'upload-1').length === 2);
    expect(trace.events[step]!.state).toEqual({ active: 'chunking' });
    trace.events[step]!.state = { active: 'uploading' };
    const report = replayTrace(trace);
    expect(report.divergences).toEqual([
      expect.objectContaining({ step: step + 1, actor: 'upload-1', recorded: { active: 'uploading' }, replayed: { active: 'chunking' } }),
    ]);
    const cli = runReplay([write('tampered.json', trace)]);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toBe(`step ${step + 1} actor upload-1: recorded active.uploading, replayed active.chunking (after hash.missing)\n`);
  });

  it('a tampered tag list is reported too', () => {
    const trace = recorded();
    const last = trace.events.findLastIndex((e) => e.actor === 'upload-1');
    expect(trace.events[last]).toMatchObject({ state: 'done', tags: ['done'] });
    trace.events[last]!.tags = ['failed'];
    expect(replayTrace(trace).divergences).toEqual([expect.objectContaining({ step: last + 1, tags: { recorded: ['failed'], replayed: ['done'] } })]);
  });

  it('an event the chart takes differently (a changed payload) diverges where it was sent', () => {
    const trace = recorded();
    const i = trace.events.findIndex((e) => e.event.type === 'session.expired');
    trace.events[i]!.event = { type: 'logout' };
    // States only: the tags would tell too.
    for (const e of trace.events) delete e.tags;
    const report = replayTrace(trace);
    expect(report.divergences[0]).toMatchObject({ step: i + 1, actor: 'session', recorded: { authenticated: 'expired' }, replayed: { authenticated: 'signingOut' } });
    expect(report.divergences).toHaveLength(1);
  });

  it('an unknown chart or an invalid trace fails and says why', () => {
    const trace = recorded();
    trace.actors[1]!.machine = 'uploader';
    expect(runReplay([write('unknown.json', trace)])).toMatchObject({ code: 1, stdout: 'actor upload-1: unknown chart "uploader"\n' });
    const bad = { ...recorded(), version: 2 };
    const result = runReplay([write('bad.json', bad)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^invalid trace: version: /);
    const orphan = recorded();
    orphan.events[0]!.actor = 'ghost';
    expect(replayTrace(orphan).errors).toEqual(['invalid trace: events.0.actor: unknown actor ghost']);
  });

  it('npm run replay: the CLI prints the verdict and exits 0, or 1 on a divergence', () => {
    const tsx = path.resolve('node_modules/.bin/tsx');
    const good = spawnSync(tsx, ['tests/qa/replay.ts', write('cli-good.json', recorded())], { encoding: 'utf8' });
    expect(good.stdout).toBe(`no divergence (${SESSION_EVENTS.length + UPLOAD_EVENTS.length} events, 2 actors)\n`);
    expect(good.status).toBe(0);
    const trace = recorded();
    trace.events[0]!.state = 'anonymous';
    const bad = spawnSync(tsx, ['tests/qa/replay.ts', write('cli-bad.json', trace)], { encoding: 'utf8' });
    expect(bad.stdout).toBe('step 1 actor session: recorded anonymous, replayed signingIn (after login.submit)\n');
    expect(bad.status).toBe(1);
  });
});
