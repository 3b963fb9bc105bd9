import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { getPage, insertPublished, runStaticJob } from '../helpers/publicFixtures';
import { fetchStored, mp4, setUploadSettings, sha256, uploadFile, uploadInChunks } from '../helpers/attachmentFixtures';
import { categories, contents } from '../../server/db/schema/index';
import { PluginManifest, type PluginHook } from '../../models/plugin';
import type { HookPayloads, PluginDefinition } from '../../server/pluginHost/types';
import { runDueSchedules } from '../../server/pluginHost/hookPoints';

// Every hook point calls an enabled plugin and never a disabled one, and a plugin that throws never fails
// the request it hooks (issue 13 "a plugin's hooks proven to run when enabled and not when disabled").

const HEAD = '<meta name="hook-test" content="head">';
const BODY = '<script id="hook-test-body"></script>';

let t: TestApp;
let token: string;
let siteId: number;
let column: number;
let columnAlias: string;
const domain = uniqueDomain('hooks');
/** What the test plugin heard, and whether it throws. */
const calls: Array<{ hook: PluginHook; payload: unknown }> = [];
let throwing = false;

const heard = <H extends PluginHook>(hook: H) => calls.filter((c) => c.hook === hook).map((c) => c.payload as HookPayloads[H]);
function record<H extends PluginHook>(hook: H, answer: (p: HookPayloads[H]) => unknown = () => undefined) {
  return (p: HookPayloads[H]) => {
    calls.push({ hook, payload: p });
    if (throwing) throw new Error(`hook ${hook} broke on purpose`);
    return answer(p) as never;
  };
}

const testPlugin: PluginDefinition = {
  source: 'builtin',
  manifest: PluginManifest.parse({
    id: 'hooktest',
    name: { zh: '钩子测试', en: 'Hook test' },
    version: '1.0.0',
    author: 'tests',
    description: { zh: '测试用', en: 'For tests' },
    capabilities: ['content.read', 'content.write', 'page.inject', 'upload.transform', 'schedule'],
    hooks: ['content.beforeSave', 'content.afterSave', 'page.render', 'static.published', 'upload.beforeStore', 'upload.stored', 'schedule'],
    schedule_minutes: 5,
  }),
  hooks: {
    'content.beforeSave': record('content.beforeSave', (p) => ({ title: `[hooked] ${p.draft.title}`, content: `${p.draft.content}<p>plugin was here</p>` })),
    'content.afterSave': record('content.afterSave'),
    'page.render': record('page.render', () => ({ head: HEAD, body: BODY })),
    'static.published': record('static.published'),
    'upload.beforeStore': record('upload.beforeStore', (p) => Buffer.concat([p.bytes, Buffer.from('\n<!-- appended by plugin -->\n')])),
    'upload.stored': record('upload.stored'),
    schedule: record('schedule'),
  },
};

const enable = (on: boolean) => t.app.ctx.plugins.setEnabled('hooktest', on);
const api = () => t.client(token, { siteId });
const rowOf = async (id: number) => (await t.db.select().from(contents).where(eq(contents.id, id)))[0]!;
/** Waits for the fire-and-forget hooks of a request to have run (or not: a short settle). */
const settle = () => new Promise((r) => setTimeout(r, 50));

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  token = await t.login();
  siteId = await createSite(t, token, { name: 'Hooks Co', domain });
  column = await insertColumn(t, siteId, await insertModel(t), { title: 'News' });
  columnAlias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, column)))[0]!.alias;
  t.app.ctx.plugins.register(testPlugin);
});
afterAll(() => t?.close());
afterEach(() => {
  enable(false);
  throwing = false;
  calls.length = 0;
});

describe('content save hooks', () => {
  it('an enabled plugin changes the draft before the write and hears of the published item after it', async () => {
    enable(true);
    const saved = await saveContent(api(), column, { title: 'Plain title', status: 1 });
    const row = await rowOf(saved.id);
    expect(row.title).toBe('[hooked] Plain title');
    expect(row.body).toContain('plugin was here');
    expect(heard('content.beforeSave')).toEqual([{ siteId, contentId: null, draft: { title: 'Plain title', description: '', content: '<p>Body</p>' } }]);
    await vi.waitFor(() => expect(heard('content.afterSave')).toHaveLength(1));
    expect(heard('content.afterSave')[0]).toEqual({ siteId, contentId: saved.id, created: true, published: true, url: `http://${domain}/${columnAlias}/${saved.id}.html` });

    const update = await api().post('/content/update', { id: saved.id, version: saved.version, category_id: column, title: 'Second', body: '<p>B</p>', status: 2 });
    expect(update.code, update.msg).toBe(0);
    expect((await rowOf(saved.id)).title).toBe('[hooked] Second');
    expect(heard('content.beforeSave')[1]).toMatchObject({ contentId: saved.id, draft: { title: 'Second' } });
    await vi.waitFor(() => expect(heard('content.afterSave')).toHaveLength(2));
    expect(heard('content.afterSave')[1]).toEqual({ siteId, contentId: saved.id, created: false, published: false, url: null });
  });

  it('a disabled plugin is not called and the draft is stored as sent', async () => {
    const saved = await saveContent(api(), column, { title: 'Untouched', status: 1 });
    await settle();
    expect((await rowOf(saved.id)).title).toBe('Untouched');
    expect(calls).toEqual([]);
  });

  it('a plugin that throws does not fail the save', async () => {
    enable(true);
    throwing = true;
    const res = await api().post<{ id: number }>('/content/save', { category_id: column, title: 'Still saved', body: '<p>x</p>' });
    expect(res.code, res.msg).toBe(0);
    expect((await rowOf(res.data.id)).title).toBe('Still saved');
    await vi.waitFor(() => expect(heard('content.afterSave')).toHaveLength(1));
  });
});

describe('public page render hook', () => {
  it('an enabled plugin injects its head before </head> and its body before </body>', async () => {
    enable(true);
    const page = await getPage(t, '/', domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${HEAD}</head>`);
    expect(page.body).toContain(`${BODY}</body>`);
    expect(heard('page.render')).toEqual([{ siteId, path: '/', kind: 'home' }]);
  });

  it('a disabled plugin injects nothing; a throwing one does not fail the page', async () => {
    const plain = await getPage(t, '/', domain);
    expect(plain.status).toBe(200);
    expect(plain.body).not.toContain('hook-test');
    expect(calls).toEqual([]);
    enable(true);
    throwing = true;
    const page = await getPage(t, '/', domain);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('hook-test');
    expect(heard('page.render')).toHaveLength(1);
  });

  it('statically generated files carry the injections and the run tells plugins the URLs it wrote', async () => {
    const article = await insertPublished(t, siteId, column, { title: 'Static one' });
    enable(true);
    await runStaticJob(t, token, siteId, { scope: 'site' });
    const out = path.join(t.dataDir, 'static', `site-${siteId}`);
    const home = await fs.readFile(path.join(out, 'index.html'), 'utf8');
    const detail = await fs.readFile(path.join(out, columnAlias, `${article.id}.html`), 'utf8');
    for (const html of [home, detail]) {
      expect(html).toContain(`${HEAD}</head>`);
      expect(html).toContain(`${BODY}</body>`);
    }
    await vi.waitFor(() => expect(heard('static.published')).toHaveLength(1));
    const published = heard('static.published')[0]!;
    expect(published.siteId).toBe(siteId);
    expect(published.urls).toContain(`http://${domain}/`);
    expect(published.urls).toContain(`http://${domain}/${columnAlias}/${article.id}.html`);
    expect(published.urls.every((u) => u.startsWith(`http://${domain}/`))).toBe(true);

    calls.length = 0;
    enable(false);
    await runStaticJob(t, token, siteId, { scope: 'site' });
    expect(await fs.readFile(path.join(out, 'index.html'), 'utf8')).not.toContain('hook-test');
    await settle();
    expect(calls).toEqual([]);
  });
});

describe('upload hooks', () => {
  const c = () => ({ token, siteId });

  it('an enabled plugin replaces the bytes before they are stored and hears of the stored file', async () => {
    enable(true);
    const bytes = Buffer.from('plain text file\n');
    const res = await uploadFile(t, c(), { name: 'notes.txt', bytes, mime: 'text/plain' });
    expect(res.code, res.msg).toBe(0);
    const stored = await fetchStored(t, res.data.url);
    expect(stored?.toString()).toBe('plain text file\n\n<!-- appended by plugin -->\n');
    expect(heard('upload.beforeStore')).toEqual([{ siteId, name: 'notes.txt', mime: 'text/plain', bytes }]);
    await vi.waitFor(() => expect(heard('upload.stored')).toHaveLength(1));
    expect(heard('upload.stored')[0]).toEqual({ siteId, attachmentId: res.data.id, url: res.data.url, mime: 'text/plain', size: stored!.length });
  });

  it('the last step of a chunked upload runs the hooks too', async () => {
    enable(true);
    await setUploadSettings(t, { chunk_size: 64, chunk_condition: 64 });
    const bytes = mp4(200 * 1024);
    const { responses, last } = await uploadInChunks(t, c(), { name: 'clip.mp4', bytes, chunkBytes: 64 * 1024 });
    await setUploadSettings(t);
    expect(responses.map((r) => r.code)).toEqual([1, 1, 1, 0]);
    expect(last.code, last.msg).toBe(0);
    expect(heard('upload.beforeStore')).toHaveLength(1);
    expect((await fetchStored(t, last.data.url))!.length).toBe(bytes.length + '\n<!-- appended by plugin -->\n'.length);
  });

  it('a disabled plugin leaves the upload as it is; a throwing one does not fail it', async () => {
    const bytes = Buffer.from('kept as sent\n');
    const res = await uploadFile(t, c(), { name: 'kept.txt', bytes, mime: 'text/plain' });
    expect(res.code, res.msg).toBe(0);
    expect(sha256((await fetchStored(t, res.data.url))!)).toBe(sha256(bytes));
    await settle();
    expect(calls).toEqual([]);

    enable(true);
    throwing = true;
    const again = await uploadFile(t, c(), { name: 'kept2.txt', bytes: Buffer.from('thrown at\n'), mime: 'text/plain' });
    expect(again.code, again.msg).toBe(0);
    expect((await fetchStored(t, again.data.url))!.toString()).toBe('thrown at\n');
  });
});

describe('schedule hook', () => {
  it('runs an enabled plugin every schedule_minutes, never a disabled one, and survives a throw', async () => {
    const host = t.app.ctx.plugins;
    const last = new Map<string, number>();
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    expect(await runDueSchedules(host, last, at(0))).toEqual([]);
    enable(true);
    expect(await runDueSchedules(host, last, at(1))).toEqual([]); // first seen: its interval starts
    expect(await runDueSchedules(host, last, at(5))).toEqual([]);
    expect(await runDueSchedules(host, last, at(6))).toEqual(['hooktest']);
    expect(heard('schedule')).toEqual([{ now: at(6) }]);
    expect(await runDueSchedules(host, last, at(10))).toEqual([]);
    throwing = true;
    expect(await runDueSchedules(host, last, at(11))).toEqual([]);
    expect(heard('schedule')).toHaveLength(2);
    throwing = false;
    enable(false);
    expect(await runDueSchedules(host, last, at(30))).toEqual([]);
    expect(heard('schedule')).toHaveLength(2);
  });
});
