import { describe, expect, it } from 'vitest';
import { routeGuardMachine } from '../../machines/routeGuard.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded, type Call } from './harness';
import { AUTHORITY, EFFECTS, navigate, routeGuardModelTests } from './routeGuard.model';

const coverage = trackTransitions(routeGuardMachine);
const start = () => startRecorded(routeGuardMachine, EFFECTS, coverage);

describe('route guard chart, every path of the model', () => {
  for (const test of routeGuardModelTests(routeGuardMachine, coverage)) it(test.name, test.run);
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
