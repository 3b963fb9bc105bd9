import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { GuardEvent, routeGuardMachine } from '../../machines/routeGuard.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { SIGNED_IN, navigate, eventsFor } from './examples/routeGuard.examples';
export { AUTHORITY, navigate, eventsFor } from './examples/routeGuard.examples';

// The route guard chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof routeGuardMachine>;

export const EFFECTS = ['requestRoutes', 'redirect', 'dropToken'] as const;

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

/** A reference model of the guard: the pending navigation, whether routes were loaded and the last page allowed. */
function guardOracle() {
  let pending = { path: '', hasToken: false };
  let routesLoaded = false;
  let allowed = '';
  const decided = (decision: Decision, path: string) => {
    if ('allow' in decision) allowed = path;
    return decision;
  };
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
          expectDecision(decided(decide(event.path, event.hasToken, routesLoaded), event.path), event.path, after, effects);
        }
        break;
      case 'routes.loaded':
        if (!loading) {
          expect(effects).toEqual([]);
          break;
        }
        routesLoaded = true;
        expect(after.context.authority).toEqual(event.authority);
        expectDecision(decided(decide(pending.path, pending.hasToken, true), pending.path), pending.path, after, effects);
        break;
      case 'routes.failed':
        if (!loading) {
          expect(effects).toEqual([]);
          break;
        }
        expect(effects.map((e) => e.type)).toEqual(['dropToken', 'redirect']);
        expect(returnsTo((effects[1].params as { to: string }).to)).toBe(pending.path);
        expect(after.value).toBe('idle');
        break;
      case 'routes.reset':
        // A reset (signing out) forgets the routes and the page shown while the next navigation is decided.
        routesLoaded = false;
        allowed = '';
        expect(after.context).toMatchObject({ authority: [], loaded: false });
        expect(effects).toEqual([]);
        expect(after.value).toBe(before.value);
        break;
      default:
        expect(effects).toEqual([]);
    }
    expect(after.context.loaded).toBe(routesLoaded);
    expect(after.context.allowed, 'the last page allowed').toBe(allowed);
  };
}

export const routeGuardModelTests: ModelSuite<typeof routeGuardMachine> = (machine, coverage) => {
  const model = createTestModel(machine, {
    events: coverage.examples(eventsFor),
    serializeState: serializeTransition,
    limit: 100_000,
  });
  return model.getShortestPaths().map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage), guardOracle()),
  }));
};
