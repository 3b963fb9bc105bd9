import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished, runStaticJob, setSiteSettings } from '../helpers/publicFixtures';
import { categories } from '../../server/db/schema/index';

// Friendly links on the public pages: the default theme's footer shows the site's active links with the
// jump mode and the rel of their type, and static output follows link changes.

let t: TestApp;
let token: string;
const site = { id: 0, domain: uniqueDomain('flinks'), alias: '', article: 0 };
let other = 0;
const api = (siteId = site.id) => t.client(token, { siteId });

async function createLink(fields: Record<string, unknown>, siteId = site.id) {
  const res = await api(siteId).post<{ id: number }>('/link/save', fields);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
const outDir = () => path.join(t.dataDir, 'static', `site-${site.id}`);
/** The <a> of one friendly link in a page, or undefined. */
const anchorOf = (html: string, id: number) => html.match(new RegExp(`<a [^>]*data-friend-link="${id}"[^>]*>.*?</a>`))?.[0];

let ids: Record<string, number>;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  const model = await insertModel(t);
  site.id = await createSite(t, token, { name: 'Links Co', domain: site.domain });
  other = await createSite(t, token, { name: 'Other Co', domain: uniqueDomain('flinks-other') });
  await setSiteSettings(t, site.id, { language: 'en' });
  const column = await insertColumn(t, site.id, model, { title: 'News' });
  site.alias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, column)))[0]!.alias;
  site.article = (await insertPublished(t, site.id, column, { title: 'Linked article' })).id;
  ids = {
    exchange: await createLink({ name: 'Tea Friends', url: 'https://tea-friends.example.org/', link_type: 1, jump: 2, sort: 1 }),
    sameTab: await createLink({ name: 'Same Tab', url: 'http://same-tab.example.org/', link_type: 1, jump: 1, sort: 2 }),
    sale: await createLink({ name: 'Sold Spot', url: 'https://sold.example.org/', link_type: 2, jump: 2, sort: 3 }),
    purchase: await createLink({ name: 'Bought Spot', url: 'https://bought.example.org/', link_type: 3, jump: 1, sort: 4 }),
    copyright: await createLink({ name: 'Theme by Someone', url: 'https://copyright.example.org/', link_type: 4, jump: 1, sort: 5 }),
    logo: await createLink({ name: 'Logo Partner', url: 'https://logo.example.org/', logo: '/uploads/partner.png', sort: 6 }),
    off: await createLink({ name: 'Switched Off', url: 'https://off.example.org/', status: 2 }),
    expired: await createLink({ name: 'Long Gone', url: 'https://gone.example.org/', deadline: '2001-01-01' }),
    otherSite: await createLink({ name: 'Other Site Link', url: 'https://other.example.org/' }, other),
  };
});
afterAll(() => t?.close());

describe('friendly links on the public pages', () => {
  it('the footer shows the active links in sort order, never switched-off, expired or other sites’ links', async () => {
    const home = await getPage(t, '/', site.domain);
    expect(home.status).toBe(200);
    expect(home.body).toContain('data-friend-links');
    expect(home.body).toContain('Friendly links');
    const order = ['Tea Friends', 'Same Tab', 'Sold Spot', 'Bought Spot', 'Theme by Someone'].map((n) => home.body.indexOf(n));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    for (const hidden of ['Switched Off', 'Long Gone', 'Other Site Link']) expect(home.body).not.toContain(hidden);
    for (const url of [`/${site.alias}/`, `/${site.alias}/${site.article}.html`]) expect((await getPage(t, url, site.domain)).body).toContain('Tea Friends');
  });

  it('jump mode and link type decide target and rel', async () => {
    const { body } = await getPage(t, '/', site.domain);
    expect(anchorOf(body, ids.exchange)).toBe(`<a href="https://tea-friends.example.org/" target="_blank" rel="noopener" data-friend-link="${ids.exchange}">Tea Friends</a>`);
    expect(anchorOf(body, ids.sameTab)).toBe(`<a href="http://same-tab.example.org/" data-friend-link="${ids.sameTab}">Same Tab</a>`);
    expect(anchorOf(body, ids.sale)).toContain('target="_blank" rel="sponsored nofollow noopener"');
    expect(anchorOf(body, ids.purchase)).toMatch(/rel="sponsored nofollow"/);
    expect(anchorOf(body, ids.purchase)).not.toContain('target=');
    expect(anchorOf(body, ids.copyright)).toMatch(/ rel="nofollow" /);
    expect(anchorOf(body, ids.logo)).toContain('<img src="/uploads/partner.png" alt="Logo Partner" loading="lazy">');
  });

  it('a site without links shows no friendly-link row', async () => {
    const bare = await createSite(t, token, { name: 'Bare Co', domain: uniqueDomain('flinks-bare') });
    const domain = (await t.client(token).get<{ domain: string }>('/website/read', { id: bare })).data.domain;
    const home = await getPage(t, '/', domain);
    expect(home.status).toBe(200);
    expect(home.body).not.toContain('data-friend-links');
  });
});

describe('friendly links in static output', () => {
  it('static pages carry the links, equal to the live pages, and follow every change by themselves', async () => {
    await runStaticJob(t, token, site.id, { scope: 'site' });
    const home = () => fs.readFile(path.join(outDir(), 'index.html'), 'utf8');
    const detail = () => fs.readFile(path.join(outDir(), site.alias, `${site.article}.html`), 'utf8');
    expect(await home()).toContain('Tea Friends');
    expect(await home()).toBe((await getPage(t, '/', site.domain)).body);

    const id = await createLink({ name: 'Late Partner', url: 'https://late.example.org/' });
    await t.app.ctx.jobs.whenIdle();
    expect(await detail()).toContain('Late Partner');
    expect(await detail()).toBe((await getPage(t, `/${site.alias}/${site.article}.html`, site.domain)).body);

    const link = (await api().get<Record<string, unknown>>('/link/read', { id })).data;
    expect((await api().post('/link/update', { ...link, name: 'Later Partner' })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await home()).toContain('Later Partner');
    expect(await home()).toBe((await getPage(t, '/', site.domain)).body);

    expect((await api().post('/link/delete', { ids: [id] })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await home()).not.toContain('Later Partner');
    expect(await home()).toBe((await getPage(t, '/', site.domain)).body);

    expect((await api().post('/recycleBin/restore', { items: [{ type: 'link', id }] })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await home()).toContain('Later Partner');
    expect(await home()).toBe((await getPage(t, '/', site.domain)).body);
  });
});
