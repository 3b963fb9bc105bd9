import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, looksLikeStack } from '../helpers/fixtures';
import { buildApp, requirePermissions } from '../../server/app';
import { MENU_TREE } from '../../models/menuTree';
import { walkTree } from '../../models/menu';
import { CODE_TOKEN_INVALID } from '../../models/envelope';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const MENU_KEYS = new Set([...walkTree(MENU_TREE)].map((m) => m.key));
/** Calls a route's URL with placeholders filled in. */
const concrete = (url: string) => url.replace(/:\w+/g, '1');

/** Another instance of the real app on the test database (never listening), with routes only tests add. */
async function withExtraApp(extra: (app: FastifyInstance) => Promise<void>, use: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp({ database: t.database, config: t.config, sms: t.sms, distDir: path.join(t.dataDir, 'no-client') });
  try {
    await use(await app.register(extra, { prefix: '/api' }).then(() => app));
  } finally {
    await app.close().catch(() => undefined);
  }
}

async function raw(url: string, init: RequestInit = {}) {
  const res = await fetch(t.url + url, init);
  const text = await res.text();
  expect(looksLikeStack(text), text).toBe(false);
  return { status: res.status, text, json: JSON.parse(text) as { code: number; msg: string; data: unknown } };
}

describe('route inventory', () => {
  it('every API route declares a permission that is public, authenticated or a menu key', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(20);
    const bad = routes.filter((r) => r.permission !== 'public' && r.permission !== 'authenticated' && !MENU_KEYS.has(r.permission));
    expect(bad).toEqual([]);
    // The app's routes are all there, and only sign-in is public.
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    for (const url of ['GET /api/admin/index', 'POST /api/admin/save', 'GET /api/adminOptLog/index', 'POST /api/account/logout']) expect(urls).toContain(url);
    const publicRoutes = routes.filter((r) => r.permission === 'public' && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(['POST /api/account/authCode', 'POST /api/account/login']);
  });

  it('the app refuses to start with an API route that declares no permission', async () => {
    const rogue = async (api: FastifyInstance) => {
      api.get('/rogue', async () => ({ code: 0 }));
    };
    await expect(withExtraApp(rogue, async (app) => void (await app.ready()))).rejects.toThrow(/GET \/api\/rogue declares no permission/);
  });

  it('the permission check applies to routes in any plugin, and only under /api', async () => {
    const nested = Fastify();
    requirePermissions(nested);
    const start = async () => {
      await nested.register(
        async (scope) => {
          await scope.register(async (inner) => {
            inner.post('/nested', { config: {} }, async () => ({}));
          });
        },
        { prefix: '/api' },
      );
      await nested.ready();
    };
    await expect(start()).rejects.toThrow(/POST \/api\/nested declares no permission/);
    await nested.close().catch(() => undefined);

    const ok = Fastify();
    requirePermissions(ok);
    ok.get('/api/fine', { config: { permission: 'authenticated' } }, async () => ({}));
    ok.get('/public-site-page', async () => ({}));
    await ok.ready();
    expect(ok.apiRoutes.map((r) => r.url)).toContain('/api/fine');
    expect(ok.apiRoutes.map((r) => r.url)).not.toContain('/public-site-page');
    await ok.close();
  });

  it('nobody can call a non-public route without signing in', async () => {
    const guarded = t.app.apiRoutes.filter((r) => r.permission !== 'public' && (r.method === 'GET' || r.method === 'POST'));
    for (const route of guarded) {
      const res = await raw(concrete(route.url), {
        method: route.method,
        headers: route.method === 'POST' ? { 'content-type': 'application/json' } : {},
        body: route.method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect(res.json.code, `${route.method} ${route.url}`).toBe(CODE_TOKEN_INVALID);
    }
  });

  it('an admin whose role has no menus gets 403 from every route guarded by a menu', async () => {
    const nobody = await adminWithRole(t, superToken, []);
    const guarded = t.app.apiRoutes.filter((r) => MENU_KEYS.has(r.permission) && (r.method === 'GET' || r.method === 'POST'));
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const c = t.client(nobody.token);
      const res = route.method === 'GET' ? await c.get(concrete(route.url).replace(/^\/api/, '')) : await c.post(concrete(route.url).replace(/^\/api/, ''), {});
      expect(res.code, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('error envelopes', () => {
  it('an unknown API path answers a 404 envelope', async () => {
    const res = await raw('/api/no/such/thing', { headers: { 'x-language': 'en' } });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 404, msg: 'No such API', data: null });
    const wrongMethod = await raw('/api/admin/save', { headers: { 'x-token': superToken } });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.json.code).toBe(404);
  });

  it('a body over the size limit answers a 413 envelope', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024), permissions: [] });
    const res = await raw('/api/role/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': superToken, 'x-language': 'en' },
      body,
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ code: 413, msg: 'The submitted content is too large', data: null });
  });

  it('a body that is not JSON on a JSON route answers a 415 envelope', async () => {
    const res = await raw('/api/role/save', {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'x-token': superToken, 'x-language': 'en' },
      body: '<role><name>x</name></role>',
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ code: 415, msg: 'Unsupported content type', data: null });
  });

  it('malformed JSON answers a 400 envelope', async () => {
    const res = await raw('/api/role/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': superToken },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(400);
    expect(res.json.msg).toBe('请求参数有误');
  });

  it('a number beyond the database’s integer range is a 400, not a server error', async () => {
    const huge = 99_999_999_999;
    const c = t.client(superToken);
    const answers = {
      read: await c.get('/admin/read', { id: huge }),
      filter: await c.get('/admin/index', { role_id: huge }),
      page: await c.get('/admin/index', { page: 1e20 }),
      delete: await c.post('/role/delete', { ids: [huge] }),
      update: await c.post('/role/update', { id: huge, name: 'x', permissions: [] }),
      roleOfAdmin: await c.post('/admin/save', { account: 'big@example.com', password: 'Good-pass-1', nickname: 'x', role_id: huge }),
      siteOfAdmin: await c.post('/admin/save', { account: 'big@example.com', password: 'Good-pass-1', nickname: 'x', role_id: 1, site_ids: [huge] }),
      menuParent: await c.post('/menu/save', { parent_id: huge, key: 'bigParent', title: 'x' }),
      menuSort: await c.post('/menu/save', { parent_id: 0, key: 'bigSort', title: 'x', sort: huge }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.status, name).toBe(400);
      expect(res.code, name).toBe(400);
    }
  });

  it('a server failure answers a 500 envelope without a stack trace or the error’s details', async () => {
    const boom = async (api: FastifyInstance) => {
      api.get('/boom', { config: { permission: 'public' } }, async () => {
        throw new Error('connection string postgres://secret@db');
      });
    };
    await withExtraApp(boom, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/boom', headers: { 'x-language': 'en' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, msg: 'Something went wrong on the server, please try again later', data: null });
      expect(looksLikeStack(res.body)).toBe(false);
      expect(res.body).not.toContain('secret');
    });
  });

  it('validation errors name the field but carry no stack trace', async () => {
    const res = await raw('/api/admin/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': superToken, 'x-language': 'en' },
      body: JSON.stringify({ account: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe('The account must be an e-mail address');
  });
});
