import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, runStaticJob, insertPublished, setSiteSettings } from '../helpers/publicFixtures';
import { categories, contents, jobs } from '../../server/db/schema/index';
import type { StaticGenResult, StaticIndex } from '../../models/staticGen';

let t: TestApp;
let token: string;
let modelId: number;
const site = { id: 0, domain: uniqueDomain('static'), news: 0, about: 0, newsAlias: '', aboutAlias: '', articles: [] as Array<{ id: number; title: string }> };
const outDir = () => path.join(t.dataDir, 'static', `site-${site.id}`);
const api = () => t.client(token, { siteId: site.id });

/** Every file under a folder, as public paths ('/a/index.html'). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push('/' + path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  await walk(dir);
  return out.sort();
}
const urlOf = (file: string) => file.replace(/index\.html$/, '');

const runJob = (body: Record<string, unknown>) => runStaticJob(t, token, site.id, body);

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  modelId = await insertModel(t);
  site.id = await createSite(t, token, { name: 'Static Co', domain: site.domain });
  await setSiteSettings(t, site.id, { language: 'en', seo_title: 'Static Co' });
  site.news = await insertColumn(t, site.id, modelId, { title: 'News' });
  site.about = await insertColumn(t, site.id, modelId, { title: 'About' });
  await t.db.update(categories).set({ pageSize: 2 }).where(eq(categories.id, site.news));
  for (const id of [site.news, site.about]) {
    const alias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, id)))[0]!.alias;
    if (id === site.news) site.newsAlias = alias;
    else site.aboutAlias = alias;
  }
  for (let i = 1; i <= 3; i++) {
    site.articles.push(await insertPublished(t, site.id, site.news, { title: `Static news ${i}`, tags: ['gadgets'], publishedAt: new Date(Date.now() - (10 - i) * 60_000) }));
  }
  site.articles.push(await insertPublished(t, site.id, site.about, { title: 'About us' }));
});

afterAll(async () => {
  await t?.close();
});

describe('static generation', () => {
  it('refuses a column run without a column and a content run without ids, naming the field', async () => {
    const noColumn = await t.client(token, { siteId: site.id, language: 'en' }).post('/staticFile/generate', { scope: 'column' });
    expect(noColumn.code).not.toBe(0);
    expect(noColumn.msg).toBe('Column is required');
    const noIds = await api().post('/staticFile/generate', { scope: 'content', ids: [] });
    expect(noIds.code).not.toBe(0);
    expect(noIds.msg).toBe('编号为必填项');
    const foreign = await api().post('/staticFile/generate', { scope: 'column', category_id: 999999 });
    expect(foreign.code).not.toBe(0);
  });

  it('generates the whole site, and every generated page equals the live page', async () => {
    const result = await runJob({ scope: 'site' });
    const files = await filesUnder(outDir());
    const news = site.articles.slice(0, 3);
    const expected = [
      '/index.html',
      `/${site.newsAlias}/index.html`,
      `/${site.newsAlias}/page/2/index.html`,
      `/${site.aboutAlias}/index.html`,
      ...news.map((a) => `/${site.newsAlias}/${a.id}.html`),
      `/${site.aboutAlias}/${site.articles[3]!.id}.html`,
      '/sitemap.xml',
      '/robots.txt',
      '/theme-assets/style.css',
    ];
    for (const f of expected) expect(files).toContain(f);
    expect(files.some((f) => /^\/tag\/\d+\/index\.html$/.test(f))).toBe(true);
    const pages = files.filter((f) => f !== '/.banyan-static');
    expect(result).toMatchObject({ scope: 'site', pages: pages.length, failed: [] });
    let bytes = 0;
    for (const f of pages) {
      const onDisk = await fs.readFile(path.join(outDir(), f), 'utf8');
      bytes += Buffer.byteLength(onDisk);
      const live = await getPage(t, urlOf(f), site.domain);
      expect(live.status, f).toBe(200);
      expect(onDisk, f).toBe(live.body);
    }
    expect(result.bytes).toBe(bytes);
    // Only the output folder was written: no temporary or old folders left beside it.
    expect(await fs.readdir(path.join(t.dataDir, 'static'))).toEqual([`site-${site.id}`]);

    const index = (await api().get<StaticIndex>('/staticFile/index')).data;
    expect(index.output).toBe(outDir());
    expect(index.has_output).toBe(true);
    expect(index.runs[0]).toMatchObject({ status: 'done', scope: 'site', result: { pages: pages.length } });
  });

  it('a large site renders in worker threads, and its pages still equal the live ones', async () => {
    const big = await createSite(t, token, { name: 'Big Co', domain: uniqueDomain('big') });
    const column = await insertColumn(t, big, modelId, { title: 'Stories' });
    const child = await insertColumn(t, big, modelId, { title: 'Local stories', parentId: column });
    // Tags, a sub-column (its items are listed in the parent's pages too), a pinned item and an item
    // scheduled for later: the run's batched reads must give each list and detail page what the live one shows.
    for (let i = 1; i <= 30; i++) {
      await insertPublished(t, big, i % 4 === 0 ? child : column, { title: `Story ${i}`, tags: i % 3 === 0 ? ['ports', `t${i % 2}`] : [], publishedAt: new Date(Date.now() - i * 60_000) });
    }
    const pinned = await insertPublished(t, big, column, { title: 'Pinned story', publishedAt: new Date(Date.now() - 90 * 60_000) });
    await t.db.update(contents).set({ isTop: true }).where(eq(contents.id, pinned.id));
    const later = await insertPublished(t, big, column, { title: 'Scheduled story', publishedAt: new Date(Date.now() + 3600_000) });
    const res = await t.client(token, { siteId: big }).post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
    expect(res.code, res.msg).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    const job = (await t.client(token, { siteId: big }).get('/job/read', { id: res.data.job_id })).data;
    expect(job.status, job.error).toBe('done');
    const result = job.result as StaticGenResult;
    expect(result.workers).toBeGreaterThan(0);
    // The 31 detail pages were built in the workers from their rows (detailPages.ts); lists and home one by one.
    expect(result.from_rows).toBe(31);
    expect(result.failed).toEqual([]);
    const dir = path.join(t.dataDir, 'static', `site-${big}`);
    const pages = (await filesUnder(dir)).filter((f) => f !== '/.banyan-static');
    expect(pages.length).toBe(result.pages);
    expect(pages.length).toBeGreaterThan(30);
    const domain = (await t.client(token).get<{ domain: string }>('/website/read', { id: big })).data.domain;
    for (const f of pages) expect(await fs.readFile(path.join(dir, f), 'utf8'), f).toBe((await getPage(t, urlOf(f), domain)).body);
    expect(pages.some((f) => f.includes(`/${later.id}.html`))).toBe(false);
    expect(pages.filter((f) => f.includes('/page/')).length).toBeGreaterThan(0);
  });

  it('a whole-site run writes over the output before the previous one (its spare) and removes what it no longer has', async () => {
    const spareSite = await createSite(t, token, { name: 'Spare Co', domain: uniqueDomain('spare') });
    const column = await insertColumn(t, spareSite, modelId, { title: 'Notes' });
    await t.db.update(categories).set({ pageSize: 2 }).where(eq(categories.id, column));
    const items: Array<{ id: number }> = [];
    for (let i = 1; i <= 7; i++) items.push(await insertPublished(t, spareSite, column, { title: `Note ${i}`, publishedAt: new Date(Date.now() - i * 60_000) }));
    const client = t.client(token, { siteId: spareSite });
    const run = async () => {
      const res = await client.post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
      expect(res.code, res.msg).toBe(0);
      await t.app.ctx.jobs.whenIdle();
      const job = (await client.get('/job/read', { id: res.data.job_id })).data;
      expect(job.status, job.error).toBe('done');
      return job.result as StaticGenResult;
    };
    const dir = path.join(t.dataDir, 'static', `site-${spareSite}`);
    const spare = `${dir}.spare`;
    await run();
    await expect(fs.stat(spare)).rejects.toThrow();
    const firstPages = await filesUnder(dir);
    await run();
    // The first output is now the spare (the same files), beside the second.
    expect(await filesUnder(spare)).toEqual(firstPages);
    // Gone since: the oldest note (its page, and the last list page), a foreign file and a leftover temporary file in the spare.
    await t.db.update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, items[6]!.id));
    await fs.writeFile(path.join(spare, 'stray.html'), 'not ours');
    await fs.writeFile(path.join(spare, '.index.html.1-1-1.banyan-tmp'), 'half');
    // A file in folders of its own, and folders left empty: the folders go too.
    await fs.mkdir(path.join(spare, 'gone', 'deeper'), { recursive: true });
    await fs.writeFile(path.join(spare, 'gone', 'deeper', 'x.html'), 'old');
    await fs.mkdir(path.join(spare, 'empty', 'nested'), { recursive: true });
    const inode = (await fs.stat(path.join(spare, 'index.html'))).ino;
    const result = await run();
    const pages = (await filesUnder(dir)).filter((f) => f !== '/.banyan-static');
    expect(result.pages).toBe(pages.length);
    // Written over the spare's files (the same inode), not into a new folder.
    expect((await fs.stat(path.join(dir, 'index.html'))).ino).toBe(inode);
    expect(pages).not.toContain('/stray.html');
    expect(pages.some((f) => f.includes('banyan-tmp'))).toBe(false);
    expect(pages.some((f) => f.endsWith(`/${items[6]!.id}.html`))).toBe(false);
    expect(firstPages.some((f) => f.endsWith(`/${items[6]!.id}.html`))).toBe(true);
    expect(firstPages.filter((f) => f.includes('/page/4/'))).toHaveLength(1);
    expect(pages.filter((f) => f.includes('/page/4/'))).toHaveLength(0);
    const lastList = firstPages.find((f) => f.includes('/page/4/'))!;
    for (const gone of [path.dirname(lastList), '/gone', '/empty']) await expect(fs.stat(path.join(dir, gone)), gone).rejects.toThrow();
    // The folders of the pages it wrote stay.
    expect((await fs.stat(path.join(dir, path.dirname(lastList), '..', '3'))).isDirectory()).toBe(true);
    const domain = (await t.client(token).get<{ domain: string }>('/website/read', { id: spareSite })).data.domain;
    for (const f of pages) expect(await fs.readFile(path.join(dir, f), 'utf8'), f).toBe((await getPage(t, urlOf(f), domain)).body);
    // Every page the live site has, the output has: nothing of the first output stayed behind or went missing.
    expect(pages.length).toBe(firstPages.filter((f) => f !== '/.banyan-static').length - 2);

    // A folder at the spare's name that the generator did not write (no marker) is never claimed, written or removed.
    await fs.rm(spare, { recursive: true, force: true });
    await fs.mkdir(spare);
    await fs.writeFile(path.join(spare, 'keep.txt'), 'mine');
    const again = await run();
    expect(again.failed).toEqual([]);
    expect(await fs.readdir(spare)).toEqual(['keep.txt']);
    expect(await fs.readFile(path.join(spare, 'keep.txt'), 'utf8')).toBe('mine');
    expect((await filesUnder(dir)).filter((f) => f !== '/.banyan-static')).toEqual(pages);
  });

  it('a column run writes its list and detail pages; a content run its page, column and home', async () => {
    const extra = await insertPublished(t, site.id, site.about, { title: 'Team page' });
    const detail = `/${site.aboutAlias}/${extra.id}.html`;
    const newsHome = path.join(outDir(), site.newsAlias, 'index.html');
    const before = (await fs.stat(newsHome)).mtimeMs;
    const column = await runJob({ scope: 'column', category_id: site.about });
    expect(column.failed).toEqual([]);
    expect(column.pages).toBe(3); // list + two details
    expect(column.workers).toBe(0); // a small run renders in the server's thread
    expect(await fs.readFile(path.join(outDir(), detail), 'utf8')).toBe((await getPage(t, detail, site.domain)).body);
    expect((await fs.stat(newsHome)).mtimeMs).toBe(before);

    const extra2 = await insertPublished(t, site.id, site.news, { title: 'Fresh story' });
    const detail2 = `/${site.newsAlias}/${extra2.id}.html`;
    const content = await runJob({ scope: 'content', ids: [extra2.id] });
    expect(content.failed).toEqual([]);
    expect(await fs.readFile(path.join(outDir(), detail2), 'utf8')).toBe((await getPage(t, detail2, site.domain)).body);
    expect(await fs.readFile(path.join(outDir(), 'index.html'), 'utf8')).toContain('Fresh story');
    expect(await fs.readFile(newsHome, 'utf8')).toBe((await getPage(t, `/${site.newsAlias}/`, site.domain)).body);
  });

  it('a content run in a sub-column also rewrites the list pages of the columns above it', async () => {
    const local = await insertColumn(t, site.id, modelId, { title: 'Local news', parentId: site.news });
    const item = await insertPublished(t, site.id, local, { title: 'Harbour reopens' });
    const result = await runJob({ scope: 'content', ids: [item.id] });
    expect(result.failed).toEqual([]);
    const newsHome = path.join(outDir(), site.newsAlias, 'index.html');
    const live = (await getPage(t, `/${site.newsAlias}/`, site.domain)).body;
    expect(live).toContain('Harbour reopens');
    expect(await fs.readFile(newsHome, 'utf8')).toBe(live);
  });

  it('editing published content regenerates its page in the background', async () => {
    const target = site.articles[0]!;
    const content = (await api().get('/content/read', { id: target.id })).data;
    const res = await api().post('/content/update', { ...content, title: 'Static news renamed' });
    expect(res.code, res.msg).toBe(0);
    // The save answers before generation; wait for the queued run.
    for (let i = 0; i < 100; i++) {
      await t.app.ctx.jobs.whenIdle();
      const file = await fs.readFile(path.join(outDir(), site.newsAlias, `${target.id}.html`), 'utf8');
      if (file.includes('Static news renamed')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const file = await fs.readFile(path.join(outDir(), site.newsAlias, `${target.id}.html`), 'utf8');
    expect(file).toBe((await getPage(t, `/${site.newsAlias}/${target.id}.html`, site.domain)).body);
    expect(file).toContain('Static news renamed');
    const runs = (await api().get<StaticIndex>('/staticFile/index')).data.runs;
    expect(runs[0]).toMatchObject({ scope: 'content', auto: true, status: 'done' });
  });

  it('a cancelled whole-site run leaves the previous output intact and keeps its pages as the spare the next run writes over', async () => {
    await t.db.update(categories).set({ pageSize: 1 }).where(eq(categories.id, site.news));
    for (let i = 0; i < 40; i++) await insertPublished(t, site.id, site.news, { title: `Bulk ${i}` });
    const before = new Map<string, string>();
    for (const f of await filesUnder(outDir())) before.set(f, await fs.readFile(path.join(outDir(), f), 'utf8'));
    // One whole-site run so far (the first test): no spare yet.
    await expect(fs.stat(`${outDir()}.spare`)).rejects.toThrow();
    const res = await api().post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
    expect(res.code, res.msg).toBe(0);
    const id = res.data.job_id;
    for (let i = 0; i < 400; i++) {
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
      if (row!.status === 'running' && row!.progress >= 5) break;
      expect(row!.status).not.toBe('done');
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await api().post('/job/cancel', { id })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    const job = (await api().get('/job/read', { id })).data;
    expect(job.status).toBe('cancelled');
    expect(job.result).toMatchObject({ cancelled: true });
    const after = await filesUnder(outDir());
    expect(after).toEqual([...before.keys()]);
    for (const f of after) expect(await fs.readFile(path.join(outDir(), f), 'utf8'), f).toBe(before.get(f));
    // No temporary folder of the cancelled run is left beside the output: there was no spare, so its pages are kept as
    // the spare (with the marker), and the next whole-site run writes over them instead of creating them again.
    expect((await fs.readdir(path.join(t.dataDir, 'static'))).filter((n) => n.startsWith(`site-${site.id}`)).sort()).toEqual([`site-${site.id}`, `site-${site.id}.spare`]);
    const spare = `${outDir()}.spare`;
    expect(await fs.readFile(path.join(spare, '.banyan-static'), 'utf8')).toContain('generated_at');
    const kept = (await filesUnder(spare)).filter((f) => f !== '/.banyan-static');
    expect(kept.length).toBeGreaterThan(0);
    const inodes = new Map<string, number>();
    for (const f of kept) inodes.set(f, (await fs.stat(path.join(spare, f))).ino);
    const next = await api().post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
    expect(next.code, next.msg).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    const done = (await api().get('/job/read', { id: next.data.job_id })).data;
    expect(done.status, done.error).toBe('done');
    for (const [f, ino] of inodes) expect((await fs.stat(path.join(outDir(), f))).ino, f).toBe(ino);
    const pages = (await filesUnder(outDir())).filter((f) => f !== '/.banyan-static');
    for (const f of pages) expect(await fs.readFile(path.join(outDir(), f), 'utf8'), f).toBe((await getPage(t, urlOf(f), site.domain)).body);
  });

  it('refuses a static path that leads outside the data directory, writing nothing there', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-outside-'));
    try {
      await fs.symlink(outside, path.join(t.dataDir, 'escape'));
      await setSiteSettings(t, site.id, { static_path: 'escape/www' });
      const res = await t.client(token, { siteId: site.id, language: 'en' }).post('/staticFile/generate', { scope: 'site' });
      expect(res.code).not.toBe(0);
      expect(res.msg).toMatch(/data directory/);
      await t.app.ctx.jobs.whenIdle();
      expect(await fs.readdir(outside)).toEqual([]);
      // A folder the generator did not write is never replaced.
      await fs.mkdir(path.join(t.dataDir, 'mine'), { recursive: true });
      await fs.writeFile(path.join(t.dataDir, 'mine', 'keep.txt'), 'keep');
      await setSiteSettings(t, site.id, { static_path: 'mine' });
      expect((await api().post('/staticFile/generate', { scope: 'site' })).code).not.toBe(0);
      expect(await fs.readdir(path.join(t.dataDir, 'mine'))).toEqual(['keep.txt']);
      // A static path inside the data directory is used.
      await setSiteSettings(t, site.id, { static_path: 'public/www' });
      const result = await runJob({ scope: 'column', category_id: site.about });
      expect(result.output).toBe(path.join(t.dataDir, 'public', 'www'));
      expect(await filesUnder(result.output)).toContain(`/${site.aboutAlias}/index.html`);
    } finally {
      await setSiteSettings(t, site.id, { static_path: '' });
      await fs.rm(outside, { recursive: true, force: true });
    }
  });
});
