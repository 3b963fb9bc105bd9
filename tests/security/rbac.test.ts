import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_ACCOUNT, startTestApp, type ApiResponse, type TestApp } from '../helpers/app';
import { adminWithRole, createAdmin, createRole, superRoleId } from '../helpers/fixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { MENU_TREE } from '../../models/menuTree';
import { walkTree } from '../../models/menu';
import { eq } from 'drizzle-orm';
import { admins, jobs } from '../../server/db/schema/index';

// Issue 15, attack regressions: RBAC bypass. Every mutating route refuses a role without menus (the routes are
// enumerated from the app, so a new route is covered the day it is added); an admin cannot edit an admin who
// outranks them, nor grant themselves a role. Each row checks the refusal (HTTP status, envelope code, the
// localized message) and that nothing changed: the digest of every table is the same before and after.

let t: TestApp;
let superToken: string;
const MENU_KEYS = new Set([...walkTree(MENU_TREE)].map((m) => m.key));
const FORBIDDEN_EN = 'You do not have permission to do this';
const FORBIDDEN_ZH = '没有权限执行此操作';

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  const [job] = await t.db
    .insert(jobs)
    .values({ kind: 'staticGen', status: 'done', createdBy: (await superAdmin()).id })
    .returning({ id: jobs.id });
  superJobId = job!.id;
});
afterAll(() => t?.close());

async function superAdmin() {
  const [row] = await t.db.select({ id: admins.id }).from(admins).where(eq(admins.account, SUPER_ACCOUNT));
  return row!;
}

const concrete = (url: string) => url.replace(/^\/api/, '').replace(/:\w+/g, '1');

function expectForbidden(res: ApiResponse, what: string, msg = FORBIDDEN_EN) {
  expect(res.status, what).toBe(403);
  expect(res.code, what).toBe(403);
  expect(res.msg, what).toBe(msg);
}

/** Runs the attack and asserts it wrote nothing anywhere. */
async function unchanged<T>(attack: () => Promise<T>): Promise<T> {
  const before = await dbFingerprint(t);
  const out = await attack();
  expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
  return out;
}

/**
 * Mutating routes that any signed-in admin may call, with the reason. Everything else that declares only
 * 'authenticated' must check a menu itself, and is probed below with a body that passes validation.
 */
const EVERY_ADMIN_MAY: Record<string, string> = {
  'POST /api/account/logout': 'ends the caller’s own session',
  'POST /api/admin/selfUpdate': 'the caller’s own nickname, password and phone',
  'POST /api/admin/preferences': 'the caller’s own table layouts (columns, widths, density); isolation in tests/server/preferences.test.ts',
  'POST /api/system/changeLanguage': 'the caller’s own admin language',
  'POST /api/system/clearCache': 'drops in-memory caches only; changes no data',
  'POST /api/account/login': 'public: signing in',
  'POST /api/account/authCode': 'public: sends a sign-in code',
};

/**
 * 'authenticated' mutating routes that check a menu key (or ownership) in their handler, with a body that passes
 * validation so the probe reaches that check.
 */
const CHECKS_INSIDE: Record<string, { reason: string; body: () => unknown }> = {
  'POST /api/auditFlow/save': { reason: 'site flow needs contentCheck, a column flow category', body: () => ({ category_id: 0, steps: [] }) },
  'POST /api/attachment/save': { reason: 'the picker needs one of the picker menus', body: () => [{ name: 'a.png', url: 'https://example.com/a.png' }] },
  'POST /api/attachment/uploadAndSave': { reason: 'the picker needs one of the picker menus', body: () => ({}) },
  'POST /api/attachment/sliceUploadAndSave': { reason: 'the picker needs one of the picker menus', body: () => ({}) },
  'POST /api/attachment/checkHash': { reason: 'the picker needs one of the picker menus', body: () => ({ hash: 'a'.repeat(64), name: 'a.png', size: 10 }) },
  'POST /api/job/cancel': { reason: 'only the admin who started a job', body: () => ({ id: superJobId }) },
};
let superJobId = 0;

describe('RBAC: a role without menus', () => {
  it('RBAC: every mutating route outside the allow-list declares a menu or is probed as checking one itself', () => {
    const mutating = t.app.apiRoutes.filter((r) => r.method === 'POST');
    expect(mutating.length).toBeGreaterThan(50);
    const unguarded = mutating
      .filter((r) => !MENU_KEYS.has(r.permission))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !(key in EVERY_ADMIN_MAY) && !(key in CHECKS_INSIDE));
    expect(unguarded).toEqual([]);
  });

  it('RBAC: a role without menus is refused on every menu-guarded mutating route, and nothing changes', async () => {
    const nobody = await adminWithRole(t, superToken, []);
    const guarded = t.app.apiRoutes.filter((r) => r.method === 'POST' && MENU_KEYS.has(r.permission));
    const en = t.client(nobody.token, { language: 'en' });
    const zh = t.client(nobody.token, { language: 'zh-CN' });
    await unchanged(async () => {
      for (const [i, route] of guarded.entries()) {
        // The permission is checked before the body is parsed: an empty body and a plausible one are refused alike.
        expectForbidden(await en.post(concrete(route.url), {}), `${route.method} ${route.url}`);
        if (i % 7 === 0) expectForbidden(await zh.post(concrete(route.url), { id: 1, ids: [1] }), `${route.method} ${route.url} (zh)`, FORBIDDEN_ZH);
      }
    });
  });

  it('RBAC: a role without menus is refused by the routes that check the menu in their handler', async () => {
    const nobody = await adminWithRole(t, superToken, []);
    const en = t.client(nobody.token, { language: 'en' });
    await unchanged(async () => {
      for (const [key, probe] of Object.entries(CHECKS_INSIDE)) {
        const url = key.replace(/^POST \/api/, '');
        expectForbidden(await en.post(url, probe.body()), `${key} (${probe.reason})`);
      }
    });
  });
});

describe('RBAC: outranking and self-granting', () => {
  /** An admin as the super-admin reads it: the body an update would send back. */
  async function adminRecord(id: number) {
    const res = await t.client(superToken).get('/admin/read', { id });
    expect(res.code, res.msg).toBe(0);
    return res.data as Record<string, unknown> & { id: number; role_id: number; site_ids: number[] };
  }
  async function roleRecord(id: number) {
    const res = await t.client(superToken).get('/role/read', { id });
    expect(res.code, res.msg).toBe(0);
    return res.data as Record<string, unknown> & { id: number; permissions: string[] };
  }

  it('RBAC: an admin manager cannot edit or delete an admin who outranks them', async () => {
    const manager = await adminWithRole(t, superToken, ['admin']);
    const seniorRole = await createRole(t, superToken, ['admin', 'role', 'content']);
    const senior = await createAdmin(t, superToken, { role_id: seniorRole });
    const root = await superAdmin();
    const as = t.client(manager.token, { language: 'en' });
    const seniorBefore = await adminRecord(senior.id);
    const rootBefore = await adminRecord(root.id);
    await unchanged(async () => {
      for (const target of [seniorBefore, rootBefore]) {
        expectForbidden(await as.post('/admin/update', { ...target, nickname: 'Hijacked', password: 'Taken-over-2024' }), `update #${target.id}`);
        expectForbidden(await as.post('/admin/update', { ...target, status: 2 }), `disable #${target.id}`);
        expectForbidden(await as.post('/admin/delete', { ids: [target.id] }), `delete #${target.id}`);
      }
    });
    expect(await adminRecord(senior.id)).toEqual(seniorBefore);
    expect(await adminRecord(root.id)).toEqual(rootBefore);
    // The senior admin still signs in with their own password.
    await expect(t.login(senior.account, senior.password)).resolves.toEqual(expect.any(String));
  });

  it('RBAC: an admin cannot grant themselves a role, more menus or another site', async () => {
    const site = (await t.client(superToken).post<{ id: number }>('/website/save', { name: 'RBAC other', domain: `rbac-${process.pid}.example.com` })).data.id;
    const me = await adminWithRole(t, superToken, ['admin', 'role']);
    const biggerRole = await createRole(t, superToken, ['admin', 'role', 'content', 'websiteSetting']);
    const as = t.client(me.token, { language: 'en' });
    const mine = await adminRecord(me.id);
    const myRole = await roleRecord(me.roleId);
    await unchanged(async () => {
      expectForbidden(await as.post('/admin/update', { ...mine, role_id: await superRoleId(t) }), 'self → super role');
      expectForbidden(await as.post('/admin/update', { ...mine, role_id: biggerRole }), 'self → a role with more menus');
      expectForbidden(await as.post('/admin/update', { ...mine, site_ids: [site] }), 'self → a site I do not manage', 'You may not manage this site');
      expectForbidden(await as.post('/role/update', { ...myRole, permissions: [...myRole.permissions, 'content'] }), 'my own role → more menus');
      // Nor through an accomplice: a new admin with the super role, or a new role above mine.
      expectForbidden(
        await as.post('/admin/save', { account: `accomplice.${process.pid}@example.com`, password: 'Good-pass-2024', nickname: 'x', role_id: await superRoleId(t) }),
        'new admin with the super role',
      );
      expectForbidden(await as.post('/role/save', { name: 'Above me', permissions: ['admin', 'role', 'websiteSetting'] }), 'new role above mine');
    });
    expect(await adminRecord(me.id)).toEqual(mine);
    expect(await roleRecord(me.roleId)).toEqual(myRole);
    // Still what it was: the session keeps only its own menus.
    expect((await t.client(me.token).get('/content/index')).status).toBe(403);
  });
});
