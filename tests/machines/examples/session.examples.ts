import { sessionMachine, type SessionEvent } from '../../../machines/session.machine';
import { defineExamples } from './chart';

// The example events of the session chart: its model-based test walks them and `npm run paths` prints them.

export const EVENTS: SessionEvent[] = [
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

export const sessionExamples = defineExamples({
  machine: sessionMachine,
  events: EVENTS,
  input: { token: null },
});
