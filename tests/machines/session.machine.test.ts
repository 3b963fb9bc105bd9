import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

const coverage = trackTransitions(sessionMachine);
const EFFECTS = ['requestLogin', 'requestCode', 'requestLogout', 'persistToken', 'clearToken', 'resetRoutes', 'reload'] as const;
const start = (token: string | null) => startRecorded(sessionMachine, EFFECTS, coverage, { token });

const EVENTS: SessionEvent[] = [
  { type: 'login.submit', account: 'ann', password: 'pw' },
  // In the code step the account and password typed first are the ones sent, not these.
  { type: 'login.submit', account: 'bob', password: 'other', code: '123456' },
  { type: 'login.succeeded', token: 'tok-1', name: 'Ann', passTips: true },
  { type: 'login.needsCode' },
  { type: 'login.needsCode', message: 'wrong code' },
  { type: 'login.failed', message: 'bad password' },
  { type: 'login.cancel' },
  { type: 'code.request' },
  { type: 'code.sent', at: 1_700_000_000_000 },
  { type: 'code.failed', message: 'sms down' },
  { type: 'session.expired', code: 50008 },
  { type: 'session.expired', code: 50012 },
  { type: 'session.expired', code: 50014 },
  { type: 'expired.stay' },
  { type: 'expired.relogin' },
  { type: 'logout' },
  { type: 'logout.done' },
  { type: 'password.changed' },
  { type: 'session.dropped' },
];

// What the views may show and offer in each state (tags and the events `can` accepts).
const TAGS = ['loggedIn', 'loggedOut', 'busy', 'needsCode', 'expiredConfirm'] as const;
const VIEWS: Record<string, { tags: (typeof TAGS)[number][]; accepts: SessionEvent['type'][] }> = {
  '"anonymous"': { tags: ['loggedOut'], accepts: ['login.submit'] },
  '"signingIn"': { tags: ['loggedOut', 'busy'], accepts: ['login.succeeded', 'login.needsCode', 'login.failed'] },
  '{"awaitingCode":"idle"}': { tags: ['loggedOut', 'needsCode'], accepts: ['code.request', 'login.submit', 'login.cancel'] },
  '{"awaitingCode":"sending"}': { tags: ['loggedOut', 'needsCode', 'busy'], accepts: ['code.sent', 'code.failed', 'login.cancel'] },
  '{"awaitingCode":"verifying"}': {
    tags: ['loggedOut', 'needsCode', 'busy'],
    accepts: ['login.succeeded', 'login.failed', 'login.needsCode', 'login.cancel'],
  },
  '{"authenticated":"active"}': { tags: ['loggedIn'], accepts: ['session.expired', 'logout', 'password.changed', 'session.dropped'] },
  '{"authenticated":"expired"}': { tags: ['loggedIn', 'expiredConfirm'], accepts: ['expired.stay', 'expired.relogin', 'session.dropped'] },
  '{"authenticated":"signingOut"}': { tags: ['loggedIn', 'busy'], accepts: ['logout.done', 'session.dropped'] },
};

function expectViews(snapshot: Snapshot) {
  const view = VIEWS[JSON.stringify(snapshot.value)];
  expect(view, `no expectations for ${JSON.stringify(snapshot.value)}`).toBeDefined();
  for (const tag of TAGS) expect(snapshot.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const event of EVENTS) expect(snapshot.can(event), `can ${event.type}`).toBe(view.accepts.includes(event.type));
}

/** The side effects an accepted event must cause; `typed` is what the password step sent. */
function expectedEffects(before: Snapshot, event: SessionEvent, typed: { account: string; password: string }): Call[] {
  if (!before.can(event)) return [];
  switch (event.type) {
    case 'login.submit':
      return before.hasTag('needsCode')
        ? [{ type: 'requestLogin', params: { ...typed, code: event.code } }]
        : [{ type: 'requestLogin', params: { account: event.account, password: event.password } }];
    case 'code.request':
      return [{ type: 'requestCode', params: typed }];
    case 'login.succeeded':
      return [{ type: 'persistToken', params: { token: event.token } }];
    case 'logout':
      return [{ type: 'requestLogout', params: null }];
    case 'logout.done':
      return [
        { type: 'clearToken', params: null },
        { type: 'resetRoutes', params: null },
      ];
    case 'session.dropped':
      return [{ type: 'clearToken', params: null }];
    case 'expired.relogin':
      return [
        { type: 'clearToken', params: null },
        { type: 'resetRoutes', params: null },
        { type: 'reload', params: null },
      ];
    default:
      return [];
  }
}

function sessionOracle() {
  const typed = { account: '', password: '' };
  return ({ before, after, event, effects }: StepCheck<Snapshot, SessionEvent>) => {
    expectViews(after);
    if (event.type === 'xstate.init' as string) return;
    expect(effects).toEqual(expectedEffects(before, event, typed));
    if (event.type === 'login.submit' && before.hasTag('loggedOut') && !before.hasTag('needsCode')) {
      Object.assign(typed, { account: event.account, password: event.password });
    }
    if (event.type === 'login.succeeded' && after.hasTag('loggedIn')) {
      expect(after.context).toMatchObject({ token: event.token, name: event.name, passTips: event.passTips, password: '', error: null });
    }
    if (after.hasTag('loggedOut')) expect(after.context.token).toBeNull();
    if (event.type === 'session.expired') expect(after.context.expiredCode).toBe(event.code);
    // The resend countdown starts from the time the server says the code was sent.
    if (event.type === 'code.sent' && before.can(event)) expect(after.context.codeSentAt).toBe(event.at);
    if ((event.type === 'login.failed' || event.type === 'code.failed') && before.can(event)) {
      expect(after.context.error).toBe(event.message);
      // A failure in the code step keeps the user in it, ready to try again.
      if (before.hasTag('needsCode')) expect(after.value).toEqual({ awaitingCode: 'idle' });
    }
  };
}

describe('session chart, every path of the model', () => {
  for (const token of [null, 'tok-0']) {
    const model = createTestModel(sessionMachine, { events: EVENTS, serializeState: serializeTransition, limit: 50_000, input: { token } });
    for (const path of model.getShortestPaths()) {
      it(`boot ${token ? 'with' : 'without'} a token: ${describePath(path)}`, () =>
        walkPath(path, () => start(token), sessionOracle()));
    }
  }
});

describe('session chart, what a user sees', () => {
  it('boots signed in when a token is stored and signed out when none is', () => {
    expect(start('tok-0').actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    expect(start(null).actor.getSnapshot().hasTag('loggedOut')).toBe(true);
  });

  it('a user without SMS verification signs in with account and password', () => {
    const { actor, take } = start(null);
    actor.send({ type: 'login.submit', account: 'ann', password: 'pw' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(take()).toEqual([{ type: 'requestLogin', params: { account: 'ann', password: 'pw' } }]);
    actor.send({ type: 'login.succeeded', token: 'tok-1', name: 'Ann', passTips: false });
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: 'tok-1', name: 'Ann', password: '' });
    expect(take()).toEqual([{ type: 'persistToken', params: { token: 'tok-1' } }]);
  });

  it('a user asked for an SMS code requests one and signs in with it, the password typed once', () => {
    const { actor, take } = start(null);
    actor.send({ type: 'login.submit', account: 'ann', password: 'pw' });
    actor.send({ type: 'login.needsCode' });
    expect(actor.getSnapshot().hasTag('needsCode')).toBe(true);
    take();
    actor.send({ type: 'code.request' });
    expect(take()).toEqual([{ type: 'requestCode', params: { account: 'ann', password: 'pw' } }]);
    actor.send({ type: 'code.sent', at: 1_700_000_000_000 });
    expect(actor.getSnapshot().context.codeSentAt).toBe(1_700_000_000_000);
    actor.send({ type: 'login.submit', account: '', password: '', code: '654321' });
    expect(take()).toEqual([{ type: 'requestLogin', params: { account: 'ann', password: 'pw', code: '654321' } }]);
    actor.send({ type: 'login.succeeded', token: 'tok-2', name: 'Ann', passTips: true });
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.passTips).toBe(true);
  });

  it('a wrong SMS code brings the user back to the code step with the error', () => {
    const { actor } = start(null);
    actor.send({ type: 'login.submit', account: 'ann', password: 'pw' });
    actor.send({ type: 'login.needsCode' });
    actor.send({ type: 'login.submit', account: 'ann', password: 'pw', code: '000000' });
    actor.send({ type: 'login.failed', message: 'wrong code' });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ awaitingCode: 'idle' });
    expect(s.context.error).toBe('wrong code');
    expect(s.can({ type: 'code.request' })).toBe(true);
  });

  it.each([50008, 50012, 50014])('an expired session (%i) asks; staying keeps the user signed in', (code) => {
    const { actor, take } = start('tok-0');
    actor.send({ type: 'session.expired', code });
    expect(actor.getSnapshot().hasTag('expiredConfirm')).toBe(true);
    expect(actor.getSnapshot().context.expiredCode).toBe(code);
    actor.send({ type: 'expired.stay' });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'active' });
    expect(actor.getSnapshot().hasTag('expiredConfirm')).toBe(false);
    expect(take()).toEqual([]);
  });

  it('logging in again after expiry clears the token, resets the routes and reloads', () => {
    const { actor, take } = start('tok-0');
    actor.send({ type: 'session.expired', code: 50014 });
    actor.send({ type: 'expired.relogin' });
    expect(take().map((c) => c.type)).toEqual(['clearToken', 'resetRoutes', 'reload']);
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('logging out waits for the server, then clears the token and resets the routes without reloading', () => {
    const { actor, take } = start('tok-0');
    actor.send({ type: 'logout' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(take().map((c) => c.type)).toEqual(['requestLogout']);
    actor.send({ type: 'logout.done' });
    expect(take().map((c) => c.type)).toEqual(['clearToken', 'resetRoutes']);
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('changing the password stops the initial-password tip', () => {
    const { actor } = start(null);
    actor.send({ type: 'login.submit', account: 'ann', password: 'pw' });
    actor.send({ type: 'login.succeeded', token: 't', name: 'Ann', passTips: true });
    actor.send({ type: 'password.changed' });
    expect(actor.getSnapshot().context.passTips).toBe(false);
  });
});

describe('session chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
