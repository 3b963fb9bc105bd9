import { type GuardEvent, routeGuardMachine } from '../../../machines/routeGuard.machine';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the routeGuard chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof routeGuardMachine>;

export const AUTHORITY = ['/Tag/index', '/updateCustomContent'];

// Where each path leads a signed-in user once routes are loaded (spec §2 "Routing guard"):
// 'allow', a redirect target, or for /login the redirect query followed only on this site.
export const SIGNED_IN: Record<string, 'allow' | string> = {
  '/login': '/',
  '/login?redirect=%2FTag%2Findex%3Fpage%3D2': '/Tag/index?page=2',
  '/login?redirect=//evil.com': '/',
  '/login?redirect=http://x': '/',
  '/Tag/index?page=2': 'allow',
  '/updateCustomContent/12': 'allow',
  '/Role/index': '/404',
  '/': 'allow',
  '/404': 'allow',
  '/redirect/Tag/index': 'allow',
};
export const ANONYMOUS = ['/login', '/Tag/index?page=2', '/', '/Role/index'];

export const navigate = (path: string, hasToken: boolean): GuardEvent => ({ type: 'navigate', path, hasToken });
export const EVENTS: GuardEvent[] = [
  ...ANONYMOUS.map((p) => navigate(p, false)),
  ...Object.keys(SIGNED_IN).map((p) => navigate(p, true)),
  { type: 'routes.loaded', authority: AUTHORITY },
  { type: 'routes.failed' },
  { type: 'routes.reset' },
];
// While routes load, a few navigations are enough (they only change the pending target).
export const WHILE_LOADING: GuardEvent[] = [
  navigate('/Role/index', true),
  navigate('/Tag/index?page=2', false),
  navigate('/login?redirect=%2FTag%2Findex%3Fpage%3D2', true),
  { type: 'routes.loaded', authority: AUTHORITY },
  { type: 'routes.failed' },
  { type: 'routes.reset' },
];
export const eventsFor = (state: Snapshot) => (state.matches('loadingRoutes') ? WHILE_LOADING : EVENTS);

export const routeGuardExamples = defineExamples({
  machine: routeGuardMachine,
  events: eventsFor,
});
