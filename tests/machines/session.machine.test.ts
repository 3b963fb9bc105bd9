import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { EFFECTS, sessionModelTests } from './session.model';

const coverage = trackTransitions(sessionMachine);
const start = (token: string | null) => startRecorded(sessionMachine, EFFECTS, coverage, { token });

describe('session chart, every path of the model', () => {
  for (const test of sessionModelTests(sessionMachine, coverage)) it(test.name, test.run);
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
