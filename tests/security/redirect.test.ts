import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createActor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirect, redirectTarget } from '../../models/routing';
import { DASHBOARD_PATH } from '../../models/menuTree';
import { routeGuardMachine } from '../../machines/routeGuard.machine';
import { startTestApp, type TestApp } from '../helpers/app';

// Issue 15, attack regressions: open redirects. The server never honours `redirect` (it serves the admin page
// as is); the admin client follows `/admin/login?redirect=…` through the route guard, which keeps only a path on
// this site (models/routing.ts safeRedirect). Each row names a way out and checks it lands on the dashboard,
// while an ordinary in-app target still goes where it asked (nothing else changed).

const EVIL: Array<[string, string]> = [
  ['absolute URL', 'https://evil.example'],
  ['absolute URL with path', 'https://evil.example/admin/'],
  ['scheme-relative //host', '//evil.example'],
  ['scheme-relative ///host', '///evil.example'],
  ['backslash /\\host', '/\\evil.example'],
  ['double backslash \\\\host', '\\\\evil.example'],
  ['mixed /\\/host', '/\\/evil.example'],
  ['dot segments /..//host', '/..//evil.example'],
  ['dot segments /.//host', '/.//evil.example'],
  ['tab inside //', '/\t/evil.example'],
  ['newline inside //', '/\n/evil.example'],
  ['leading space', ' //evil.example'],
  ['javascript: URL', 'javascript:alert(document.domain)'],
  ['JavaScript: mixed case', 'JaVaScRiPt:alert(1)'],
  ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['scheme without slashes', 'https:evil.example'],
  ['still-encoded //', '%2F%2Fevil.example'],
  ['user-info trick', '/@evil.example'.replace('/', '//')],
  ['back to login (loop)', '/login?redirect=//evil.example'],
];

/** What the admin does when a signed-in user opens /login?{query}: the route guard's one redirect. */
function landingFor(query: string): string {
  const calls: string[] = [];
  const actor = createActor(
    routeGuardMachine.provide({
      actions: {
        redirect: (_: unknown, params: { to: string }) => void calls.push(params.to),
        requestRoutes: () => {},
        dropToken: () => {},
      } as never,
    }),
  );
  actor.start();
  actor.send({ type: 'navigate', path: `/login?${query}`, hasToken: true });
  actor.stop();
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

describe('open redirect: the login page’s redirect parameter', () => {
  it.each(EVIL)('%s (%j) is not followed: safeRedirect answers the dashboard', (_name, value) => {
    expect(safeRedirect(value)).toBe(DASHBOARD_PATH);
  });

  it.each(EVIL)('%s (%j) sent raw in /login?redirect= lands on the dashboard', (_name, value) => {
    expect(landingFor('redirect=' + value.replace(/&/g, '%26').replace(/#/g, '%23'))).toBe(DASHBOARD_PATH);
  });

  it.each(EVIL)('%s (%j) sent URL-encoded in /login?redirect= lands on the dashboard', (_name, value) => {
    expect(landingFor('redirect=' + encodeURIComponent(value))).toBe(DASHBOARD_PATH);
  });

  it.each(EVIL.filter(([, v]) => v.startsWith('/')))('%s (%j) behind the /redirect/ reload helper lands on the dashboard', (_name, value) => {
    expect(redirectTarget('/redirect/' + value.slice(1))).toBe(DASHBOARD_PATH);
  });

  it.each(EVIL)('%s (%j) appended to the /redirect/ reload helper stays on this origin', (_name, value) => {
    const to = redirectTarget('/redirect/' + value);
    expect(to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\')).toBe(true);
    expect(new URL('/admin' + to, 'https://banyan.invalid').host).toBe('banyan.invalid');
  });

  it.each([
    ['/Tag/index', '/Tag/index'],
    ['/Tag/index?page=2&size=20', '/Tag/index?page=2&size=20'],
    ['/content/list#top', '/content/list#top'],
    ['/personal', '/personal'],
  ])('an in-app target %s is still honoured (nothing else changed)', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
    expect(landingFor('redirect=' + encodeURIComponent(value))).toBe(expected);
  });
});

describe('open redirect: the server never redirects off-site from the login page', () => {
  let t: TestApp;
  beforeAll(async () => {
    const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-redirect-dist-'));
    await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    t = await startTestApp({}, { distDir });
  });
  afterAll(() => t?.close());

  it.each(EVIL.filter(([, v]) => !/[\t\n ]/.test(v)))('GET /admin/login?redirect= %s (%j) serves the admin page, no Location', async (_name, value) => {
    for (const query of ['redirect=' + encodeURIComponent(value), 'redirect=' + encodeURIComponent(encodeURIComponent(value))]) {
      const res = await fetch(`${t.url}/admin/login?${query}`, { redirect: 'manual' });
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('refresh')).toBeNull();
      const body = await res.text();
      expect(body).toContain('<div id="root"></div>');
      expect(body).not.toContain('evil.example');
    }
  });
});
