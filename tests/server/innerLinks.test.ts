import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { innerLinks } from '../../server/db/schema/index';
import type { InnerLink } from '../../models/innerLink';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let editor: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'LinksA');
  siteB = await insertSite(t, 'LinksB');
  editor = await adminWithRole(t, superToken, ['innerChart'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language?: string) => t.client(token, { siteId, language });
async function createLink(siteId: number, fields: Record<string, unknown> = {}) {
  const keyword = uniqueName('关键词');
  const res = await as(superToken, siteId).post<{ id: number }>('/innerChart/save', { keyword, url: 'https://example.com/k', ...fields });
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, keyword };
}

describe('internal links', () => {
  it('an editor keeps the site’s keyword → URL pairs, heaviest first', async () => {
    const site = await insertSite(t, 'LinksOwn');
    const own = await adminWithRole(t, superToken, ['innerChart'], { site_ids: [site] });
    const c = as(own.token, site);
    const light = await c.post<{ id: number }>('/innerChart/save', { keyword: '云计算', url: '/cloud', weight: 1 });
    const heavy = await c.post<{ id: number }>('/innerChart/save', { keyword: '人工智能', url: 'https://example.com/ai', weight: 9, new_window: false });
    expect([light.code, heavy.code]).toEqual([0, 0]);
    const rows = (await c.get<InnerLink[]>('/innerChart/index')).data;
    expect(rows.map((r) => r.keyword)).toEqual(['人工智能', '云计算']);
    expect(rows[0]).toMatchObject({ site_id: site, url: 'https://example.com/ai', weight: 9, link_count: 0, new_window: false, status: 1 });
    expect(rows[1]).toMatchObject({ new_window: true });

    expect((await c.post('/innerChart/update', { id: light.data.id, keyword: '云计算', url: '/cloud/', weight: 20, status: 2 })).code).toBe(0);
    expect((await c.get<InnerLink[]>('/innerChart/index', { status: 2 })).data.map((r) => r.keyword)).toEqual(['云计算']);
    expect((await c.get<InnerLink[]>('/innerChart/index', { keyword: '智能' })).data.map((r) => r.keyword)).toEqual(['人工智能']);
    expect((await c.post('/innerChart/delete', { ids: [heavy.data.id] })).code).toBe(0);
    expect((await c.get<InnerLink[]>('/innerChart/index')).data.map((r) => r.keyword)).toEqual(['云计算']);
  });

  it('the link count is the editor action’s to keep: saving leaves it alone', async () => {
    const link = await createLink(siteA);
    await t.db.update(innerLinks).set({ linkCount: 7 }).where(eq(innerLinks.id, link.id));
    await as(superToken, siteA).post('/innerChart/update', { id: link.id, keyword: link.keyword, url: '/x', link_count: 0 });
    expect((await as(superToken, siteA).get<InnerLink>('/innerChart/read', { id: link.id })).data).toMatchObject({ url: '/x', link_count: 7 });
  });

  it('a URL is http(s) or a path on the site', async () => {
    const c = as(superToken, siteA, 'en');
    for (const url of ['ftp://example.com', 'example.com/page', 'javascript:alert(1)', '//example.com', '']) {
      const res = await c.post('/innerChart/save', { keyword: uniqueName('k'), url });
      expect(res.status, url).toBe(400);
      expect(res.data.issues[0].field, url).toBe('url');
      expect(res.msg, url).toMatch(/address|URL|link/i);
    }
    expect((await c.post('/innerChart/save', { keyword: uniqueName('k'), url: 'http://example.com' })).code).toBe(0);
  });

  it('a keyword has one live link per site', async () => {
    const link = await createLink(siteA);
    const again = await as(superToken, siteA, 'en').post('/innerChart/save', { keyword: link.keyword, url: '/other' });
    expect(again.status).toBe(409);
    expect(again.msg).toBe(`This site already has an internal link for "${link.keyword}"`);
    expect((await as(superToken, siteB).post('/innerChart/save', { keyword: link.keyword, url: '/other' })).code).toBe(0);
  });
});

describe('internal links across sites', () => {
  it('an editor bound to site A cannot list, read, change or delete site B’s links', async () => {
    const theirs = await createLink(siteB);
    const c = as(editor.token, siteA);
    expect((await c.get<InnerLink[]>('/innerChart/index', { limit: 200 })).data.map((r) => r.id)).not.toContain(theirs.id);
    expect((await as(editor.token, siteB).get('/innerChart/index')).status).toBe(403);
    expect((await c.get('/innerChart/read', { id: theirs.id })).status).toBe(403);
    expect((await c.post('/innerChart/update', { id: theirs.id, keyword: 'x', url: '/x' })).status).toBe(403);
    expect((await c.post('/innerChart/delete', { ids: [theirs.id] })).status).toBe(403);
  });
});
