import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine, SessionEvent } from '../../machines/session.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { EVENTS } from './examples/session.examples';
export { EVENTS } from './examples/session.examples';

// The session chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof sessionMachine>;

export const EFFECTS = ['requestLogin', 'requestCode', 'requestLogout', 'persistToken', 'clearToken', 'resetRoutes', 'reload'] as const;

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
    // Signed out, nothing of the last user is kept; the password typed is kept only for the code step.
    if (after.hasTag('loggedOut')) expect(after.context).toMatchObject({ token: null, name: '', passTips: false });
    if (after.hasTag('needsCode') || after.matches('signingIn')) expect(after.context).toMatchObject(typed);
    else expect(after.context.password, 'the password is not kept').toBe('');
    if (event.type === 'login.cancel' && before.can(event)) expect(after.context.error).toBeNull();
    if (event.type === 'password.changed' && before.can(event)) expect(after.context.passTips).toBe(false);
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

/** Every shortest path of the model, booting without and with a stored token. */
export const sessionModelTests: ModelSuite<typeof sessionMachine> = (machine, coverage) =>
  [null, 'tok-0'].flatMap((token) => {
    const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 50_000, input: { token } });
    return model.getShortestPaths().map((path) => ({
      name: `boot ${token ? 'with' : 'without'} a token: ${describePath(path)}`,
      run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage, { token }), sessionOracle()),
    }));
  });
