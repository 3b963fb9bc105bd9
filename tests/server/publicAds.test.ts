import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished, installTheme, runStaticJob, setSiteSettings } from '../helpers/publicFixtures';
import { categories } from '../../server/db/schema/index';
import { localDate } from '../../models/ad';
import type { StaticIndex } from '../../models/staticGen';

// Ads (/Advertisement/index) on the public pages: themes get the live ads by position, the default and the
// library themes place them, and static output follows ad changes.

let t: TestApp;
let token: string;
const site = { id: 0, domain: uniqueDomain('ads'), column: 0, alias: '', article: 0 };
const other = { id: 0, domain: uniqueDomain('ads-other') };
const day = (offset: number) => localDate(new Date(Date.now() + offset * 86_400_000));
const api = (siteId = site.id) => t.client(token, { siteId });

async function createAd(fields: Record<string, unknown>, siteId = site.id) {
  const res = await api(siteId).post<{ id: number }>('/ad/save', { kind: 1, ...fields });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
const outDir = () => path.join(t.dataDir, 'static', `site-${site.id}`);

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  const model = await insertModel(t);
  site.id = await createSite(t, token, { name: 'Ads Co', domain: site.domain });
  other.id = await createSite(t, token, { name: 'Other Co', domain: other.domain });
  await setSiteSettings(t, site.id, { language: 'en' });
  site.column = await insertColumn(t, site.id, model, { title: 'News' });
  site.alias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, site.column)))[0]!.alias;
  site.article = (await insertPublished(t, site.id, site.column, { title: 'Ad-side article' })).id;

  await createAd({ position: 'home-top', title: 'Spring sale', image: '/uploads/spring.png', link: '/sale/' });
  await createAd({ position: 'list-top', title: 'List banner', image: '/uploads/list.png' });
  await createAd({ position: 'sidebar', title: 'Side banner', image: '/uploads/side.png', link: 'https://shop.example.com/' });
  await createAd({ position: 'footer', title: 'Footer code', kind: 2, code: '<div id="footer-ad-code">partner</div>' });
  await createAd({ position: 'home-top', title: 'Switched off', image: '/uploads/off.png', status: 2 });
  await createAd({ position: 'home-top', title: 'Ended', image: '/uploads/ended.png', start_date: day(-10), end_date: day(-1) });
  await createAd({ position: 'home-top', title: 'Upcoming', image: '/uploads/upcoming.png', start_date: day(1) });
  await createAd({ position: 'home-top', title: 'Running today', image: '/uploads/today.png', start_date: day(0), end_date: day(0) });
  await createAd({ position: 'home-top', title: 'Other site ad', image: '/uploads/other.png' }, other.id);
});
afterAll(() => t?.close());

describe('ads on the public pages', () => {
  it('the home page shows its position’s live ads and the footer ad, never switched-off, ended, upcoming or other sites’ ads', async () => {
    const home = await getPage(t, '/', site.domain);
    expect(home.status).toBe(200);
    expect(home.body).toContain('data-ad-position="home-top"');
    expect(home.body).toMatch(/<a href="\/sale\/"[^>]*><img src="\/uploads\/spring\.png" alt="Spring sale"/);
    expect(home.body).toContain('/uploads/today.png');
    expect(home.body).toContain('<div id="footer-ad-code">partner</div>');
    for (const hidden of ['off.png', 'ended.png', 'upcoming.png', 'other.png', 'list.png', 'side.png']) expect(home.body).not.toContain(hidden);
  });

  it('list pages show the list-top position and detail pages the sidebar position', async () => {
    const list = await getPage(t, `/${site.alias}/`, site.domain);
    expect(list.body).toContain('/uploads/list.png');
    expect(list.body).toContain('footer-ad-code');
    const detail = await getPage(t, `/${site.alias}/${site.article}.html`, site.domain);
    expect(detail.body).toMatch(/<a href="https:\/\/shop\.example\.com\/"[^>]*><img src="\/uploads\/side\.png"/);
    expect(detail.body).not.toContain('/uploads/list.png');
  });

  it('a theme reads any position by name, Chinese and odd names included', async () => {
    const custom = await createSite(t, token, { name: 'Custom Co', domain: uniqueDomain('ads-custom') });
    const domain = (await t.client(token).get<{ domain: string }>('/website/read', { id: custom })).data.domain;
    await createAd({ position: '首页横幅', title: '中文位', image: '/uploads/zh.png' }, custom);
    await createAd({ position: '__proto__', title: 'Odd', image: '/uploads/odd.png' }, custom);
    await installTheme(t, custom, {
      'templates/index.liquid': '{% for ad in ads["首页横幅"] %}[{{ ad.title }}|{{ ad.image }}|{{ ad.is_code }}]{% endfor %}{% for ad in ads["__proto__"] %}({{ ad.title }}){% endfor %}{{ ads.nothing.size }}',
    });
    const home = await getPage(t, '/', domain);
    expect(home.status).toBe(200);
    expect(home.body).toBe('[中文位|/uploads/zh.png|false](Odd)');
  });
});

describe('ads in static output', () => {
  it('static pages carry the ads, equal to the live pages', async () => {
    await runStaticJob(t, token, site.id, { scope: 'site' });
    for (const [file, url] of [
      ['index.html', '/'],
      [`${site.alias}/index.html`, `/${site.alias}/`],
      [`${site.alias}/${site.article}.html`, `/${site.alias}/${site.article}.html`],
    ] as const) {
      const onDisk = await fs.readFile(path.join(outDir(), file), 'utf8');
      expect(onDisk, file).toContain('footer-ad-code');
      expect(onDisk, file).toBe((await getPage(t, url, site.domain)).body);
    }
  });

  it('adding, editing, deleting and restoring an ad regenerates the static pages by itself', async () => {
    const id = await createAd({ position: 'footer', title: 'Late banner', image: '/uploads/late.png' });
    await t.app.ctx.jobs.whenIdle();
    const home = () => fs.readFile(path.join(outDir(), 'index.html'), 'utf8');
    const detail = () => fs.readFile(path.join(outDir(), site.alias, `${site.article}.html`), 'utf8');
    expect(await home()).toContain('/uploads/late.png');
    expect(await detail()).toContain('/uploads/late.png');
    expect(await home()).toBe((await getPage(t, '/', site.domain)).body);

    const ad = (await api().get('/ad/read', { id })).data;
    expect((await api().post('/ad/update', { ...ad, image: '/uploads/later.png' })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await home()).toContain('/uploads/later.png');
    expect(await home()).toBe((await getPage(t, '/', site.domain)).body);

    expect((await api().post('/ad/delete', { ids: [id] })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await detail()).not.toContain('/uploads/later.png');
    expect(await detail()).toBe((await getPage(t, `/${site.alias}/${site.article}.html`, site.domain)).body);

    // Back from the recycle bin, it is on the static pages again.
    expect((await api().post('/recycleBin/restore', { items: [{ type: 'ad', id }] })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await detail()).toContain('/uploads/later.png');
    expect(await detail()).toBe((await getPage(t, `/${site.alias}/${site.article}.html`, site.domain)).body);
    const runs = (await api().get<StaticIndex>('/staticFile/index')).data.runs;
    expect(runs[0]).toMatchObject({ scope: 'site', auto: true, status: 'done' });
  });

  it('an ad change on a site without static output writes nothing', async () => {
    await createAd({ position: 'footer', title: 'No output', image: '/uploads/none.png' }, other.id);
    await t.app.ctx.jobs.whenIdle();
    await expect(fs.stat(path.join(t.dataDir, 'static', `site-${other.id}`))).rejects.toThrow();
  });
});

describe('ads in the library theme', () => {
  it('the shipped library theme shows the same positions', async () => {
    const lib = (await api().get<Array<{ package: string; source: string }>>('/templeteLibrary/index')).data.filter((p) => p.source === 'shipped');
    expect(lib.length).toBeGreaterThan(0);
    for (const [i, pkg] of lib.entries()) {
      const folder = `adlib${i}`;
      expect((await api().post('/templeteLibrary/install', { package: pkg.package, folder })).code).toBe(0);
      expect((await api().post('/theme/activate', { folder })).code).toBe(0);
      const home = await getPage(t, '/', site.domain);
      expect(home.body, pkg.package).toContain('/uploads/spring.png');
      expect(home.body, pkg.package).toContain('footer-ad-code');
      expect((await getPage(t, `/${site.alias}/`, site.domain)).body, pkg.package).toContain('/uploads/list.png');
      expect((await getPage(t, `/${site.alias}/${site.article}.html`, site.domain)).body, pkg.package).toContain('/uploads/side.png');
    }
    expect((await api().post('/theme/activate', { folder: 'default' })).code).toBe(0);
  });
});
