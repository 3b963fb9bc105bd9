import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { insertColumnFor, insertContent } from '../helpers/marketingFixtures';
import { categories, contents } from '../../server/db/schema/index';
import { loadSiteMenus, type MenuLink } from '../../server/operations/navMenus';
import type { NavCate, NavItem, NavItemNode } from '../../models/navMenu';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let editor: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'MenusA');
  siteB = await insertSite(t, 'MenusB');
  editor = await adminWithRole(t, superToken, ['navCate'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language?: string) => t.client(token, { siteId, language });
async function group(siteId: number, key = 'main', token = superToken) {
  const name = uniqueName('主导航');
  const res = await as(token, siteId).post<{ id: number }>('/navCate/save', { name, key });
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, name };
}
async function item(siteId: number, cateId: number, fields: Record<string, unknown> = {}, token = superToken) {
  const body = { cate_id: cateId, title: uniqueName('item'), link_type: 'url', url: '/about', ...fields };
  const res = await as(token, siteId).post<{ id: number }>('/navItem/save', body);
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, body };
}
const tree = async (siteId: number, cateId: number, token = superToken) => {
  const res = await as(token, siteId).get<NavItemNode[]>('/navItem/tree', { cate_id: cateId });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const urlFor = (l: MenuLink) => (l.type === 'column' ? `/c/${l.column.alias}/` : `/c/${l.column.alias}/${l.contentId}.html`);

describe('front-end menus', () => {
  it('an editor builds a group with nested items, edits, reorders and deletes them', async () => {
    const g = await group(siteA, 'main', editor.token);
    const home = await item(siteA, g.id, { title: '首页', url: '/', sort: 1 }, editor.token);
    const about = await item(siteA, g.id, { title: '关于我们', url: '/about', sort: 2 }, editor.token);
    const team = await item(siteA, g.id, { title: '团队', parent_id: about.id, url: 'https://example.com/team', new_window: true }, editor.token);

    let nodes = await tree(siteA, g.id, editor.token);
    expect(nodes.map((n) => n.title)).toEqual(['首页', '关于我们']);
    expect(nodes[1]!.children.map((n) => [n.title, n.new_window])).toEqual([['团队', true]]);

    const list = await as(editor.token, siteA).get<NavCate[]>('/navCate/index');
    expect(list.data.find((c) => c.id === g.id)?.item_count).toBe(3);

    // Move "团队" to the top level, first; "首页" last.
    const sorted = await as(editor.token, siteA).post('/navItem/sort', {
      cate_id: g.id,
      items: [
        { id: team.id, parent_id: 0, sort: 0 },
        { id: about.id, parent_id: 0, sort: 1 },
        { id: home.id, parent_id: 0, sort: 2 },
      ],
    });
    expect(sorted.code, sorted.msg).toBe(0);
    nodes = await tree(siteA, g.id, editor.token);
    expect(nodes.map((n) => n.title)).toEqual(['团队', '关于我们', '首页']);

    const upd = await as(editor.token, siteA).post('/navItem/update', { ...home.body, id: home.id, title: 'Home', status: 2 });
    expect(upd.code, upd.msg).toBe(0);
    const read = await as(editor.token, siteA).get<NavItem>('/navItem/read', { id: home.id });
    expect(read.data).toMatchObject({ title: 'Home', status: 2, link_type: 'url', url: '/' });

    // Deleting a parent takes its children with it into the bin.
    await as(editor.token, siteA).post('/navItem/sort', { cate_id: g.id, items: [{ id: team.id, parent_id: about.id, sort: 0 }] });
    expect((await as(editor.token, siteA).post('/navItem/delete', { ids: [about.id] })).code).toBe(0);
    nodes = await tree(siteA, g.id, editor.token);
    expect(nodes.map((n) => n.title)).toEqual(['Home']);
  });

  it('refuses cycles, incomplete links, and targets or groups of another site', async () => {
    const g = await group(siteA);
    const parent = await item(siteA, g.id);
    const child = await item(siteA, g.id, { parent_id: parent.id });
    const cycle = await as(superToken, siteA).post('/navItem/update', { ...parent.body, id: parent.id, parent_id: child.id });
    expect(cycle.code).not.toBe(0);
    const cycleSort = await as(superToken, siteA).post('/navItem/sort', { cate_id: g.id, items: [{ id: parent.id, parent_id: child.id, sort: 0 }] });
    expect(cycleSort.code).not.toBe(0);

    const noUrl = await as(superToken, siteA, 'en').post('/navItem/save', { cate_id: g.id, title: 'x', link_type: 'url', url: '' });
    expect(noUrl.code).not.toBe(0);
    expect(noUrl.msg).toBe('Address is required');
    const noTarget = await as(superToken, siteA).post('/navItem/save', { cate_id: g.id, title: 'x', link_type: 'column' });
    expect(noTarget.code).not.toBe(0);

    const otherColumn = await insertColumnFor(t, siteB);
    const foreign = await as(superToken, siteA, 'en').post('/navItem/save', { cate_id: g.id, title: 'x', link_type: 'column', target_id: otherColumn });
    expect(foreign.code).not.toBe(0);
    expect(foreign.msg).toMatch(/column or content/);

    const gB = await group(siteB);
    const crossGroup = await as(superToken, siteA).post('/navItem/save', { cate_id: gB.id, title: 'x', url: '/x' });
    expect(crossGroup.code).not.toBe(0);
  });

  it('keeps sites apart: lists show the current site only, and other sites’ records are forbidden', async () => {
    const gB = await group(siteB, 'footer');
    const listA = await as(superToken, siteA).get<NavCate[]>('/navCate/index', { limit: 100 });
    expect(listA.data.some((c) => c.id === gB.id)).toBe(false);
    expect((await as(editor.token, siteA).get('/navCate/read', { id: gB.id })).status).toBe(403);
    expect((await as(editor.token, siteA).get('/navItem/tree', { cate_id: gB.id })).status).toBe(403);
    expect((await as(editor.token, siteA).post('/navCate/delete', { ids: [gB.id] })).status).toBe(403);
  });

  it('a deleted group goes to the recycle bin and comes back with its items', async () => {
    const g = await group(siteA);
    const i = await item(siteA, g.id);
    expect((await as(superToken, siteA).post('/navCate/delete', { ids: [g.id] })).code).toBe(0);
    expect((await as(superToken, siteA).get('/navItem/tree', { cate_id: g.id })).code).not.toBe(0);
    const restored = await as(superToken, siteA).post('/recycleBin/restore', { items: [{ type: 'navCate', id: g.id }] });
    expect(restored.code, restored.msg).toBe(0);
    expect((await tree(siteA, g.id)).map((n) => n.id)).toEqual([i.id]);
  });

  it('loadSiteMenus gives themes each menu by key with resolved, live links', async () => {
    const site = await insertSite(t, 'MenusRender');
    const column = await insertColumnFor(t, site);
    const [col] = await t.db.select().from(categories).where(eq(categories.id, column));
    const published = await insertContent(t, site, { title: 'Published', categoryId: column });
    await t.db.update(contents).set({ status: 1 }).where(eq(contents.id, published));
    const draft = await insertContent(t, site, { title: 'Draft', categoryId: column });

    const main = await group(site, 'main');
    const products = await item(site, main.id, { title: 'Products', link_type: 'column', target_id: column, sort: 1 });
    await item(site, main.id, { title: 'News', link_type: 'content', target_id: published, parent_id: products.id });
    await item(site, main.id, { title: 'Hidden draft', link_type: 'content', target_id: draft, parent_id: products.id });
    await item(site, main.id, { title: 'Off', url: '/off', status: 2 });
    await item(site, main.id, { title: 'Blog', url: 'https://blog.example.com', new_window: true, sort: 2 });
    const footer = await group(site, 'footer');
    await item(site, footer.id, { title: 'Contact', url: '/contact' });
    await group(siteB, 'main'); // another site's menu

    const menus = await loadSiteMenus(t.db, site, urlFor);
    expect(Object.keys(menus).sort()).toEqual(['footer', 'main']);
    expect(menus.main!.items).toEqual([
      {
        id: products.id,
        title: 'Products',
        url: `/c/${col!.alias}/`,
        target: '_self',
        new_window: false,
        children: [expect.objectContaining({ title: 'News', url: `/c/${col!.alias}/${published}.html`, children: [] })],
      },
      expect.objectContaining({ title: 'Blog', url: 'https://blog.example.com', target: '_blank', new_window: true }),
    ]);
    expect(menus.footer!.items.map((i) => i.url)).toEqual(['/contact']);

    // A column that goes to the bin disappears from the menu with everything under it.
    await t.db.update(categories).set({ deletedAt: new Date() }).where(eq(categories.id, column));
    expect((await loadSiteMenus(t.db, site, urlFor)).main!.items.map((i) => i.title)).toEqual(['Blog']);
  });
});
