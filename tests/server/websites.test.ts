import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createColumn, createModel, createSite, uniqueDomain } from '../helpers/sites';
import { sites } from '../../server/db/schema/index';
import { recycleType } from '../../server/operations/recycle';
import type { SiteNode } from '../../models/site';
import type { Website } from '../../models/website';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const siteList = async (token = superToken) => (await t.client(token).get<SiteNode[]>('/website/siteList')).data;
const flatten = (nodes: SiteNode[]): SiteNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const websites = async (token = superToken, query: Record<string, unknown> = {}) => {
  const res = await t.client(token).get<Array<Website & { depth: number }>>('/website/index', { limit: 200, ...query });
  expect(res.code).toBe(0);
  return res;
};

describe('websites', () => {
  it('a super-admin creates a site and a sub-site; the list shows the sub-site right under its parent', async () => {
    const parent = await createSite(t, superToken, { name: 'Parent', sort: 5 });
    const child = await createSite(t, superToken, { name: 'Child', parent_id: parent });
    const other = await createSite(t, superToken, { name: 'Other', sort: 1 });
    const { data } = await websites();
    const ids = data.map((r) => r.id);
    expect(ids.indexOf(child)).toBe(ids.indexOf(parent) + 1);
    expect(ids.indexOf(other)).toBeLessThan(ids.indexOf(parent));
    expect(data.find((r) => r.id === child)).toMatchObject({ parent_id: parent, name: 'Child', status: 1, depth: 1 });

    const tree = await siteList();
    const node = flatten(tree).find((n) => n.id === parent)!;
    expect(node.children.map((c) => c.id)).toEqual([child]);
  });

  it('a site reads back as saved, and an update changes it', async () => {
    const domain = uniqueDomain('Read');
    const id = await createSite(t, superToken, { name: 'Readable', domain });
    const read = await t.client(superToken).get<Website>('/website/read', { id });
    expect(read.data).toMatchObject({ id, name: 'Readable', domain: domain.toLowerCase(), status: 1, parent_id: 0, sort: 0 });
    const res = await t.client(superToken).post('/website/update', { ...read.data, name: 'Renamed', sort: 9 });
    expect(res.code).toBe(0);
    expect((await t.client(superToken).get<Website>('/website/read', { id })).data).toMatchObject({ name: 'Renamed', sort: 9 });
  });

  it('two live sites cannot share a domain, but a deleted site frees its domain', async () => {
    const domain = uniqueDomain('shared');
    const first = await createSite(t, superToken, { domain });
    const clash = await t.client(superToken, { language: 'en' }).post('/website/save', { name: 'Clash', domain: domain.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(clash.msg).toMatch(/domain/i);
    const second = await createSite(t, superToken);
    const read = await t.client(superToken).get<Website>('/website/read', { id: second });
    expect((await t.client(superToken).post('/website/update', { ...read.data, domain })).status).toBe(409);
    expect((await t.client(superToken).post('/website/delete', { ids: [first] })).code).toBe(0);
    expect((await t.client(superToken).post('/website/update', { ...read.data, domain })).code).toBe(0);
  });

  it('an invalid domain is refused, naming the field', async () => {
    const res = await t.client(superToken).post('/website/save', { name: 'Bad', domain: 'not a domain!' });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ field: 'domain' }] });
  });

  it('a disabled site stays in the site switcher with status 2', async () => {
    const id = await createSite(t, superToken, { name: 'Sleepy' });
    const read = await t.client(superToken).get<Website>('/website/read', { id });
    expect((await t.client(superToken).post('/website/update', { ...read.data, status: 2 })).code).toBe(0);
    expect(flatten(await siteList()).find((n) => n.id === id)).toMatchObject({ name: 'Sleepy', status: 2 });
    expect((await websites(superToken, { status: 2 })).data.map((r) => r.id)).toContain(id);
  });

  it('a deleted site goes to the recycle bin and leaves the list and the switcher', async () => {
    const id = await createSite(t, superToken, { name: 'Doomed' });
    expect((await t.client(superToken).post('/website/delete', { ids: [id] })).code).toBe(0);
    expect(flatten(await siteList()).some((n) => n.id === id)).toBe(false);
    expect((await websites()).data.some((r) => r.id === id)).toBe(false);
    expect((await t.client(superToken).get('/website/read', { id })).status).toBe(404);
    const [row] = await t.db.select().from(sites).where(eq(sites.id, id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.deletedBy).toEqual(expect.any(Number));
    expect(recycleType('website')).toMatchObject({ type: 'website', table: sites });
  });

  it('a site with a live sub-site cannot be deleted, but the two together can', async () => {
    const parent = await createSite(t, superToken);
    const child = await createSite(t, superToken, { parent_id: parent });
    const res = await t.client(superToken, { language: 'en' }).post('/website/delete', { ids: [parent] });
    expect(res.status).toBe(409);
    expect(res.msg).toMatch(/sub-site/);
    expect((await t.client(superToken).post('/website/delete', { ids: [parent, child] })).code).toBe(0);
  });

  it('a site with live columns cannot be deleted', async () => {
    const site = await createSite(t, superToken);
    const model = await createModel(t, superToken);
    const column = await createColumn(t, superToken, site, { model_id: model });
    expect((await t.client(superToken).post('/website/delete', { ids: [site] })).status).toBe(409);
    expect((await t.client(superToken, { siteId: site }).post('/category/delete', { ids: [column] })).code).toBe(0);
    expect((await t.client(superToken).post('/website/delete', { ids: [site] })).code).toBe(0);
  });

  it('a site cannot be moved under itself or one of its sub-sites', async () => {
    const top = await createSite(t, superToken);
    const mid = await createSite(t, superToken, { parent_id: top });
    const low = await createSite(t, superToken, { parent_id: mid });
    const read = await t.client(superToken).get<Website>('/website/read', { id: top });
    expect((await t.client(superToken).post('/website/update', { ...read.data, parent_id: top })).status).toBe(400);
    expect((await t.client(superToken).post('/website/update', { ...read.data, parent_id: low })).status).toBe(400);
    expect((await t.client(superToken).post('/website/save', { name: 'Orphan', domain: uniqueDomain(), parent_id: 999_999 })).status).toBe(400);
  });
});

describe('websites an admin may manage', () => {
  it('an admin bound to site A sees only A and gets 403 reading, updating or deleting site B', async () => {
    const a = await createSite(t, superToken, { name: 'Site-A' });
    const b = await createSite(t, superToken, { name: 'Site-B' });
    const admin = await adminWithRole(t, superToken, ['websiteList'], { site_ids: [a] });
    const { data } = await websites(admin.token);
    expect(data.map((r) => r.id)).toEqual([a]);
    const readB = await t.client(superToken).get<Website>('/website/read', { id: b });
    expect((await t.client(admin.token).get('/website/read', { id: b })).status).toBe(403);
    expect((await t.client(admin.token).post('/website/update', { ...readB.data, name: 'Taken over' })).status).toBe(403);
    expect((await t.client(admin.token).post('/website/delete', { ids: [b] })).status).toBe(403);
    expect((await t.client(admin.token).post('/website/save', { name: 'Under B', domain: uniqueDomain(), parent_id: b })).status).toBe(403);
    expect((await t.client(superToken).get<Website>('/website/read', { id: b })).data.name).toBe('Site-B');
  });

  it('an admin who creates a site manages it at once', async () => {
    const admin = await adminWithRole(t, superToken, ['websiteList']);
    expect(await siteList(admin.token)).toEqual([]);
    const id = await createSite(t, admin.token, { name: 'Mine' });
    expect(flatten(await siteList(admin.token)).map((n) => n.id)).toEqual([id]);
    expect((await t.client(superToken).get('/admin/read', { id: admin.id })).data.site_ids).toEqual([id]);
    expect((await t.client(admin.token).get('/website/read', { id })).code).toBe(0);
  });

  it('an admin without the site-list permission cannot touch sites', async () => {
    const admin = await adminWithRole(t, superToken, ['category']);
    expect((await t.client(admin.token).get('/website/index')).status).toBe(403);
    expect((await t.client(admin.token).post('/website/save', { name: 'x', domain: uniqueDomain() })).status).toBe(403);
  });
});
