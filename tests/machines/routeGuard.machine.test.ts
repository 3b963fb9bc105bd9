import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { routeGuardMachine, type GuardEvent } from '../../machines/routeGuard.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof routeGuardMachine>;

const coverage = trackTransitions(routeGuardMachine);
const start = () => startRecorded(routeGuardMachine, ['requestRoutes', 'redirect', 'dropToken'], coverage);

const AUTHORITY = ['/Tag/index', '/updateCustomContent'];

// Where each path leads a signed-in user once routes are loaded (spec §2 "Routing guard"):
// 'allow', a redirect target, or for /login the redirect query followed only on this site.
const SIGNED_IN: Record<string, 'allow' | string> = {
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
const ANONYMOUS = ['/login', '/Tag/index?page=2', '/', '/Role/index'];

const navigate = (path: string, hasToken: boolean): GuardEvent => ({ type: 'navigate', path, hasToken });
const EVENTS: GuardEvent[] = [
  ...ANONYMOUS.map((p) => navigate(p, false)),
  ...Object.keys(SIGNED_IN).map((p) => navigate(p, true)),
  { type: 'routes.loaded', authority: AUTHORITY },
  { type: 'routes.failed' },
  { type: 'routes.reset' },
];
// While routes load, a few navigations are enough (they only change the pending target).
const WHILE_LOADING: GuardEvent[] = [
  navigate('/Role/index', true),
  navigate('/Tag/index?page=2', false),
  navigate('/login?redirect=%2FTag%2Findex%3Fpage%3D2', true),
  { type: 'routes.loaded', authority: AUTHORITY },
  { type: 'routes.failed' },
  { type: 'routes.reset' },
];

/** The page a /login?redirect=… URL returns to after signing in (the query defaults to /). */
function returnsTo(loginUrl: string): string | null {
  const [path, query = ''] = loginUrl.split('?');
  if (path !== '/login') return null;
  return new URLSearchParams(query).get('redirect') ?? '/';
}

type Decision = { allow: true } | { to: string } | { load: true };

/** The spec's decision for a navigation, from the paths' table rather than the chart's guards. */
function decide(path: string, hasToken: boolean, routesLoaded: boolean): Decision {
  if (!hasToken) return path === '/login' ? { allow: true } : { to: `login-back-to:${path}` };
  if (path.startsWith('/login')) return { to: SIGNED_IN[path] };
  if (!routesLoaded) return { load: true };
  const outcome = SIGNED_IN[path];
  return outcome === 'allow' ? { allow: true } : { to: outcome };
}

function expectDecision(decision: Decision, path: string, after: Snapshot, effects: Call[]) {
  if ('load' in decision) {
    expect(after.value).toBe('loadingRoutes');
    expect(after.hasTag('busy')).toBe(true);
    expect(effects).toEqual([{ type: 'requestRoutes', params: null }]);
    return;
  }
  expect(after.value).toBe('idle');
  if ('allow' in decision) {
    expect(effects).toEqual([]);
    expect(after.context.resolved).toBe(path);
    return;
  }
  expect(effects).toHaveLength(1);
  const [{ type, params }] = effects;
  expect(type).toBe('redirect');
  const to = (params as { to: string }).to;
  expect(after.context.resolved).toBe(to);
  if (decision.to.startsWith('login-back-to:')) expect(returnsTo(to)).toBe(path);
  else expect(to).toBe(decision.to);
}

/** A reference model of the guard: the pending navigation and whether routes were loaded. */
function guardOracle() {
  let pending = { path: '', hasToken: false };
  let routesLoaded = false;
  return ({ before, after, event, effects }: StepCheck<Snapshot, GuardEvent>) => {
    // The guard only ever rests waiting for a navigation or for the routes.
    expect(['idle', 'loadingRoutes']).toContain(after.value);
    expect(after.hasTag('busy')).toBe(after.value === 'loadingRoutes');
    expect(after.can(navigate('/', true))).toBe(true);
    expect(after.can({ type: 'routes.loaded', authority: [] })).toBe(after.hasTag('busy'));
    expect(after.can({ type: 'routes.failed' })).toBe(after.hasTag('busy'));
    const loading = before.hasTag('busy');
    switch (event.type) {
      case 'navigate':
        pending = { path: event.path, hasToken: event.hasToken };
        if (loading) {
          expect(after.value).toBe('loadingRoutes');
          expect(effects).toEqual([]);
        } else {
          expectDecision(decide(event.path, event.hasToken, routesLoaded), event.path, after, effects);
        }
        break;
      case 'routes.loaded':
        if (!loading) return expect(effects).toEqual([]);
        routesLoaded = true;
        expect(after.context.authority).toEqual(event.authority);
        expectDecision(decide(pending.path, pending.hasToken, true), pending.path, after, effects);
        break;
      case 'routes.failed':
        if (!loading) return expect(effects).toEqual([]);
        expect(effects.map((e) => e.type)).toEqual(['dropToken', 'redirect']);
        expect(returnsTo((effects[1].params as { to: string }).to)).toBe(pending.path);
        expect(after.value).toBe('idle');
        break;
      case 'routes.reset':
        routesLoaded = false;
        expect(effects).toEqual([]);
        expect(after.value).toBe(before.value);
        break;
      default:
        expect(effects).toEqual([]);
    }
  };
}

describe('route guard chart, every path of the model', () => {
  const model = createTestModel(routeGuardMachine, {
    events: (state) => (state.matches('loadingRoutes') ? WHILE_LOADING : EVENTS),
    serializeState: serializeTransition,
    limit: 100_000,
  });
  for (const path of model.getShortestPaths()) {
    it(describePath(path), () => walkPath(path, start, guardOracle()));
  }
});

describe('route guard chart, where a user lands', () => {
  const redirects = (take: () => Call[]) => take().filter((c) => c.type === 'redirect').map((c) => (c.params as { to: string }).to);

  it('a visitor without a token may open /login and nothing else', () => {
    const { actor, take } = start();
    actor.send(navigate('/login', false));
    expect(actor.getSnapshot().context.resolved).toBe('/login');
    expect(take()).toEqual([]);
    actor.send(navigate('/Tag/index?page=2', false));
    expect(redirects(take)).toEqual(['/login?redirect=%2FTag%2Findex%3Fpage%3D2']);
  });

  it.each([
    ['/login?redirect=%2FTag%2Findex', '/Tag/index'],
    ['/login?redirect=//evil.com', '/'],
    ['/login?redirect=http://x', '/'],
    ['/login?redirect=%2F%5Cevil.com', '/'],
    ['/login', '/'],
  ])('a signed-in user opening %s lands on %s', (path, landing) => {
    const { actor, take } = start();
    actor.send(navigate(path, true));
    expect(redirects(take)).toEqual([landing]);
  });

  it('the first guarded navigation loads the routes once, then decides', () => {
    const { actor, take } = start();
    actor.send(navigate('/Tag/index', true));
    expect(take()).toEqual([{ type: 'requestRoutes', params: null }]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'routes.loaded', authority: AUTHORITY });
    expect(take()).toEqual([]);
    expect(actor.getSnapshot().context.resolved).toBe('/Tag/index');
    actor.send(navigate('/Role/index', true));
    expect(redirects(take)).toEqual(['/404']);
    actor.send(navigate('/updateCustomContent/7', true));
    expect(take()).toEqual([]);
  });

  it('typeless pages are open to any signed-in user, whatever the authority list', () => {
    const { actor, take } = start();
    actor.send(navigate('/', true));
    actor.send({ type: 'routes.loaded', authority: [] });
    take();
    for (const path of ['/', '/404', '/redirect/Tag/index', '/personal']) {
      actor.send(navigate(path, true));
      expect(take(), path).toEqual([]);
      expect(actor.getSnapshot().context.resolved).toBe(path);
    }
  });

  it('a failed route load drops the token and sends the user to log in, back to the page', () => {
    const { actor, take } = start();
    actor.send(navigate('/Tag/index?page=2', true));
    take();
    actor.send({ type: 'routes.failed' });
    expect(take()).toEqual([
      { type: 'dropToken', params: null },
      { type: 'redirect', params: { to: '/login?redirect=%2FTag%2Findex%3Fpage%3D2' } },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('after routes.reset (logout) the next navigation loads the routes again', () => {
    const { actor, take } = start();
    actor.send(navigate('/Tag/index', true));
    actor.send({ type: 'routes.loaded', authority: AUTHORITY });
    actor.send({ type: 'routes.reset' });
    take();
    actor.send(navigate('/Tag/index', true));
    expect(take()).toEqual([{ type: 'requestRoutes', params: null }]);
  });
});

describe('route guard chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
