import { assign, setup } from 'xstate';

// The signed-in session (spec §4 "Session"). Side effects are named actions the app provides:
// requestLogin / requestCode / requestLogout start HTTP calls whose outcome comes back as events,
// persistToken / clearToken keep the cookie, resetRoutes clears the guard's dynamic-routes flag and
// reload restarts the app after the expired-login confirm.

export interface SessionContext {
  token: string | null;
  name: string;
  passTips: boolean;
  /** Remembered between the password and the SMS-code step. */
  account: string;
  password: string;
  error: string | null;
  /** 50008 / 50012 / 50014 that ended the session. */
  expiredCode: number | null;
  /** When the last SMS code was sent (ms), for the resend countdown. */
  codeSentAt: number | null;
}

export type SessionEvent =
  | { type: 'login.submit'; account: string; password: string; code?: string }
  | { type: 'login.succeeded'; token: string; name: string; passTips: boolean }
  | { type: 'login.needsCode'; message?: string }
  | { type: 'login.failed'; message: string }
  | { type: 'login.cancel' }
  | { type: 'code.request' }
  | { type: 'code.sent'; at: number; message?: string }
  | { type: 'code.failed'; message: string }
  | { type: 'session.expired'; code: number }
  | { type: 'expired.stay' }
  | { type: 'expired.relogin' }
  | { type: 'logout' }
  | { type: 'logout.done' }
  | { type: 'password.changed' }
  /** The token was found unusable outside a page (e.g. the guard could not load routes): forget it quietly. */
  | { type: 'session.dropped' };

export interface SessionInput {
  token: string | null;
}

export interface LoginRequest {
  account: string;
  password: string;
  code?: string;
}

const persist = {
  type: 'persistToken' as const,
  params: ({ event }: { event: SessionEvent }) => ({ token: event.type === 'login.succeeded' ? event.token : '' }),
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    requestLogin: (_, _params: LoginRequest) => {},
    requestCode: (_, _params: { account: string; password: string }) => {},
    requestLogout: () => {},
    persistToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    resetRoutes: () => {},
    reload: () => {},
    rememberLogin: assign(({ event }) =>
      event.type === 'login.succeeded'
        ? { token: event.token, name: event.name, passTips: event.passTips, password: '', error: null, expiredCode: null }
        : {},
    ),
    forgetSession: assign({ token: null, name: '', passTips: false, password: '' }),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    name: '',
    passTips: false,
    account: '',
    password: '',
    error: null,
    expiredCode: null,
    codeSentAt: null,
  }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasToken', target: 'authenticated' }, { target: 'anonymous' }],
    },
    anonymous: {
      id: 'anonymous',
      tags: ['loggedOut'],
      on: {
        'login.submit': {
          target: 'signingIn',
          actions: [
            assign({ account: ({ event }) => event.account, password: ({ event }) => event.password, error: null }),
            { type: 'requestLogin', params: ({ event }) => ({ account: event.account, password: event.password }) },
          ],
        },
      },
    },
    signingIn: {
      tags: ['loggedOut', 'busy'],
      on: {
        'login.succeeded': { target: 'authenticated', actions: ['rememberLogin', persist] },
        'login.needsCode': { target: 'awaitingCode', actions: assign({ error: null }) },
        'login.failed': { target: 'anonymous', actions: assign({ error: ({ event }) => event.message, password: '' }) },
      },
    },
    awaitingCode: {
      tags: ['loggedOut', 'needsCode'],
      initial: 'idle',
      on: {
        'login.cancel': { target: '#anonymous', actions: assign({ password: '', error: null }) },
      },
      states: {
        idle: {
          on: {
            'code.request': {
              target: 'sending',
              actions: [
                assign({ error: null }),
                { type: 'requestCode', params: ({ context }) => ({ account: context.account, password: context.password }) },
              ],
            },
            'login.submit': {
              target: 'verifying',
              actions: [
                assign({ error: null }),
                {
                  type: 'requestLogin',
                  params: ({ context, event }) => ({ account: context.account, password: context.password, code: event.code }),
                },
              ],
            },
          },
        },
        sending: {
          tags: ['busy'],
          on: {
            'code.sent': { target: 'idle', actions: assign({ codeSentAt: ({ event }) => event.at }) },
            'code.failed': { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
        verifying: {
          tags: ['busy'],
          on: {
            'login.succeeded': { target: '#authenticated', actions: ['rememberLogin', persist] },
            'login.failed': { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
            'login.needsCode': { target: 'idle', actions: assign({ error: ({ event }) => event.message ?? null }) },
          },
        },
      },
    },
    authenticated: {
      id: 'authenticated',
      tags: ['loggedIn'],
      initial: 'active',
      on: {
        'session.dropped': { target: '#anonymous', actions: ['forgetSession', 'clearToken'] },
      },
      states: {
        active: {
          on: {
            'session.expired': { target: 'expired', actions: assign({ expiredCode: ({ event }) => event.code }) },
            logout: { target: 'signingOut', actions: 'requestLogout' },
            'password.changed': { actions: assign({ passTips: false }) },
          },
        },
        expired: {
          tags: ['expiredConfirm'],
          on: {
            'expired.stay': 'active',
            'expired.relogin': { target: '#anonymous', actions: ['forgetSession', 'clearToken', 'resetRoutes', 'reload'] },
          },
        },
        signingOut: {
          tags: ['busy'],
          on: { 'logout.done': { target: '#anonymous', actions: ['forgetSession', 'clearToken', 'resetRoutes'] } },
        },
      },
    },
  },
});
