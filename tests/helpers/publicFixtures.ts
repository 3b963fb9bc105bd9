import { expect } from 'vitest';
import type { StaticGenResult } from '../../models/staticGen';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { contents, sites, slideCates, slides } from '../../server/db/schema/index';
import { setActiveFolder, siteThemesDir } from '../../server/public/themes';
import type { TestApp } from './app';
import { uniqueName } from './fixtures';
import { insertContent } from './sites';

// Public-website fixtures: pages fetched with a chosen Host header, themes written into a site's theme folder
// (install from zip comes later), published content and slides straight into the database.

export interface PageResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** GET over real HTTP with the given Host header (fetch cannot set Host). */
export function getPage(t: TestApp, pathAndQuery: string, host = 'localhost'): Promise<PageResponse> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: pathAndQuery, method: 'GET', headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes a theme into the site's theme folder and makes it the active one. */
export async function installTheme(t: TestApp, siteId: number, files: Record<string, string>, folder = 'custom') {
  const dir = path.join(siteThemesDir(t.dataDir, siteId), folder);
  const all = { 'theme.json': JSON.stringify({ name: folder, version: '0.0.1' }), ...files };
  for (const [name, text] of Object.entries(all)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }
  await setActiveFolder(t.dataDir, siteId, folder);
  return dir;
}

export async function setSiteSettings(t: TestApp, siteId: number, settings: Record<string, unknown>) {
  const [row] = await t.db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId));
  await t.db.update(sites).set({ settings: { ...row!.settings, ...settings } }).where(eq(sites.id, siteId));
}

/** A published content item (the content API and audit flow are tested elsewhere). */
export async function insertPublished(
  t: TestApp,
  siteId: number,
  categoryId: number,
  fields: { title?: string; tags?: string[]; recommend?: boolean; description?: string; body?: string; publishedAt?: Date } = {},
): Promise<{ id: number; title: string }> {
  const title = fields.title ?? uniqueName('Article');
  const id = await insertContent(t, siteId, categoryId, { title, tags: fields.tags });
  await t.db
    .update(contents)
    .set({
      status: 1,
      checkStatus: 'published',
      isRecommend: fields.recommend ?? false,
      description: fields.description ?? '',
      body: fields.body ?? `<p>Body of ${title}</p>`,
      publishedAt: fields.publishedAt ?? new Date(Date.now() - 60_000),
    })
    .where(eq(contents.id, id));
  return { id, title };
}

export async function insertSlide(t: TestApp, siteId: number, title: string, image = '/uploads/slide.png') {
  const [cate] = await t.db.insert(slideCates).values({ siteId, name: 'home', key: 'home' }).returning({ id: slideCates.id });
  await t.db.insert(slides).values({ siteId, cateId: cate!.id, title, image, link: '/' });
}

/** Starts a static generation run through the API, waits for it and answers its result (the run must succeed). */
export async function runStaticJob(t: TestApp, token: string, siteId: number, body: Record<string, unknown>): Promise<StaticGenResult> {
  const api = t.client(token, { siteId });
  const res = await api.post<{ job_id: number }>('/staticFile/generate', body);
  expect(res.code, res.msg).toBe(0);
  await t.app.ctx.jobs.whenIdle();
  const job = (await api.get('/job/read', { id: res.data.job_id })).data;
  expect(job.status, job.error).toBe('done');
  return job.result as StaticGenResult;
}
