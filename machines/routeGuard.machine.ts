import { assign, setup } from 'xstate';
import { authorityAllows, isLoginPath, isTypeless, loginRedirect, pathOnly, safeRedirect } from '../models/routing';
import { NOT_FOUND_PATH } from '../models/menuTree';

// The routing guard of spec §2, exactly:
// - with a token, a page that is not /login and not typeless is allowed only when its path is in the
//   authority list, otherwise /404; /login itself leads to the redirect target (or /);
// - dynamic routes (authority + menu) are fetched once, on the first guarded navigation; a failure
//   sends the user to /login?redirect={path};
// - without a token only /login is allowed, anything else goes to /login?redirect={path}.
// The app provides requestRoutes (fetch, then send routes.loaded / routes.failed), redirect (replace
// the location) and dropToken (a failed route load ends the session).

export interface GuardContext {
  authority: string[];
  loaded: boolean;
  /** The navigation being decided: full path with query. */
  target: string;
  hasToken: boolean;
  /** Where the last decision sent the user (equal to target when allowed). */
  resolved: string;
  /** The last path the guard allowed: what the app shows while a new navigation is being decided. */
  allowed: string;
}

export type GuardEvent =
  | { type: 'navigate'; path: string; hasToken: boolean }
  | { type: 'routes.loaded'; authority: string[] }
  | { type: 'routes.failed' }
  | { type: 'routes.reset' };

const queryParam = (fullPath: string, name: string) => {
  const q = fullPath.indexOf('?');
  return q === -1 ? null : new URLSearchParams(fullPath.slice(q + 1)).get(name);
};

export const routeGuardMachine = setup({
  types: { context: {} as GuardContext, events: {} as GuardEvent },
  actions: {
    requestRoutes: () => {},
    redirect: (_, _params: { to: string }) => {},
    dropToken: () => {},
    allow: assign(({ context }) => ({ resolved: context.target, allowed: context.target })),
  },
  guards: {
    anonymousOnLogin: ({ context }) => !context.hasToken && isLoginPath(pathOnly(context.target)),
    anonymous: ({ context }) => !context.hasToken,
    signedInOnLogin: ({ context }) => isLoginPath(pathOnly(context.target)),
    routesMissing: ({ context }) => !context.loaded,
    typeless: ({ context }) => isTypeless(pathOnly(context.target)),
    permitted: ({ context }) => authorityAllows(context.authority, pathOnly(context.target)),
  },
}).createMachine({
  id: 'routeGuard',
  context: { authority: [], loaded: false, target: '', hasToken: false, resolved: '', allowed: '' },
  initial: 'idle',
  on: {
    'routes.reset': { actions: assign({ authority: [], loaded: false, allowed: '' }) },
  },
  states: {
    idle: {
      on: {
        navigate: {
          target: 'deciding',
          actions: assign({ target: ({ event }) => event.path, hasToken: ({ event }) => event.hasToken }),
        },
      },
    },
    deciding: {
      always: [
        { guard: 'anonymousOnLogin', target: 'idle', actions: 'allow' },
        { guard: 'anonymous', target: 'redirecting', actions: assign({ resolved: ({ context }) => loginRedirect(context.target) }) },
        {
          guard: 'signedInOnLogin',
          target: 'redirecting',
          actions: assign({ resolved: ({ context }) => safeRedirect(queryParam(context.target, 'redirect')) }),
        },
        { guard: 'routesMissing', target: 'loadingRoutes' },
        { guard: 'typeless', target: 'idle', actions: 'allow' },
        { guard: 'permitted', target: 'idle', actions: 'allow' },
        { target: 'redirecting', actions: assign({ resolved: NOT_FOUND_PATH }) },
      ],
    },
    loadingRoutes: {
      tags: ['busy'],
      entry: 'requestRoutes',
      on: {
        'routes.loaded': { target: 'deciding', actions: assign({ authority: ({ event }) => event.authority, loaded: true }) },
        'routes.failed': {
          target: 'redirecting',
          actions: ['dropToken', assign({ hasToken: false, resolved: ({ context }) => loginRedirect(context.target) })],
        },
        navigate: { actions: assign({ target: ({ event }) => event.path, hasToken: ({ event }) => event.hasToken }) },
      },
    },
    redirecting: {
      entry: { type: 'redirect', params: ({ context }) => ({ to: context.resolved }) },
      always: 'idle',
    },
  },
});
