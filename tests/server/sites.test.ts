import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import type { SiteNode } from '../../models/site';

let t: TestApp;
let superToken: string;
let siteA: number;
let childA: number;
let siteB: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'Alpha');
  childA = await insertSite(t, 'AlphaKid', { parentId: siteA });
  siteB = await insertSite(t, 'Beta');
  await insertSite(t, 'Gone', { deletedAt: new Date() });
});
afterAll(() => t?.close());

const siteList = async (token: string) => {
  const res = await t.client(token).get<SiteNode[]>('/website/siteList');
  expect(res.code).toBe(0);
  return res.data;
};
/** The tree as nested names: { Alpha: { AlphaKid: {} } }. */
const names = (nodes: SiteNode[]): Record<string, unknown> => Object.fromEntries(nodes.map((n) => [n.name, names(n.children)]));

describe('site list', () => {
  it('an admin cannot see a site it is not bound to', async () => {
    const a = await adminWithRole(t, superToken, [], { site_ids: [siteA] });
    const list = await siteList(a.token);
    expect(names(list)).toEqual({ Alpha: {} });
    expect(JSON.stringify(list)).not.toContain('Beta');
  });

  it('an admin bound to a child site sees it as a top-level site', async () => {
    const a = await adminWithRole(t, superToken, [], { site_ids: [childA, siteB] });
    expect(names(await siteList(a.token))).toEqual({ AlphaKid: {}, Beta: {} });
  });

  it('an admin bound to a site and its child sees the child nested under it', async () => {
    const a = await adminWithRole(t, superToken, [], { site_ids: [siteA, childA] });
    expect(names(await siteList(a.token))).toEqual({ Alpha: { AlphaKid: {} } });
  });

  it('an admin bound to no site sees none', async () => {
    const a = await adminWithRole(t, superToken, []);
    expect(await siteList(a.token)).toEqual([]);
  });

  it('the super-admin sees every site, children nested under their parents, deleted ones left out', async () => {
    const list = await siteList(superToken);
    expect(names(list)).toEqual({ 默认站点: {}, Alpha: { AlphaKid: {} }, Beta: {} });
    const alpha = list.find((s) => s.id === siteA)!;
    expect(alpha).toMatchObject({ id: siteA, name: 'Alpha', domain: 'alpha.example.com', status: 1, parent_id: 0 });
    expect(alpha.children[0]).toMatchObject({ id: childA, parent_id: siteA, children: [] });
  });

  it('an admin unbound from a site stops seeing it at once', async () => {
    const a = await adminWithRole(t, superToken, [], { site_ids: [siteA, siteB] });
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    expect(read.data.site_ids).toEqual([siteA, siteB].sort((x, y) => x - y));
    await t.client(superToken).post('/admin/update', { ...read.data, site_ids: [siteB], password: '' });
    expect(names(await siteList(a.token))).toEqual({ Beta: {} });
  });

  it('an admin cannot be bound to a site that does not exist', async () => {
    const a = await adminWithRole(t, superToken, []);
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    const res = await t.client(superToken).post('/admin/update', { ...read.data, site_ids: [999_999], password: '' });
    expect(res.code).toBe(400);
  });
});
