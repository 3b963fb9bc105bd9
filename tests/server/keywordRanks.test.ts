import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { jobs, rankSettings } from '../../server/db/schema/index';
import { enqueueDueRankChecks } from '../../server/operations/keywords/rankCheck';
import { HttpRankProvider, mapAnswer, readPointer } from '../../server/services/rankProvider';
import type { Keyword, RankCheck, RankSettingsView } from '../../models/keyword';
import type { Job } from '../../models/job';

// The rank monitor against a real search-results server on loopback: what it answers for each keyword
// is decided by the keyword, and it records every question it was asked.

interface Asked {
  q: string;
  site: string;
  engine: string;
  key: string;
}
let asked: Asked[] = [];
let search: http.Server;
let searchUrl: string;

function answer(q: string, site: string): { status: number; body: string } {
  if (q.startsWith('broken')) return { status: 500, body: 'down' };
  if (q.startsWith('garbled')) return { status: 200, body: '<html>not json</html>' };
  const others = [{ link: 'https://elsewhere.example.org/a', rank: 1 }];
  if (q.startsWith('missing')) return { status: 200, body: JSON.stringify({ organic: others, info: { total: '0' } }) };
  const rank = Number(/#(\d+)/.exec(q)?.[1] ?? 2);
  const ours = { link: `https://www.${site}/landing?q=${encodeURIComponent(q)}`, rank };
  return { status: 200, body: JSON.stringify({ organic: [...others, ours], info: { total: '12,345' } }) };
}

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  search = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const a = { q: u.searchParams.get('q') ?? '', site: u.searchParams.get('site') ?? '', engine: u.searchParams.get('engine') ?? '', key: u.searchParams.get('key') ?? '' };
    asked.push(a);
    const { status, body } = answer(a.q, a.site);
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => search.listen(0, '127.0.0.1', resolve));
  searchUrl = `http://127.0.0.1:${(search.address() as AddressInfo).port}`;
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 }, allowPrivateFetchForTests: true });
  superToken = await t.login();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => search?.close(resolve));
});

const TEMPLATE = () => `${searchUrl}/search?q={keyword}&site={domain}&engine={engine}&key={key}`;
const LIST_MAPPING = { results_path: '/organic', result_url_path: '/link', result_position_path: '/rank', indexed_path: '/info/total' };

async function siteWithKeywords(name: string, words: Array<{ name: string; status?: number }>, settings: Record<string, unknown> = {}) {
  const site = await insertSite(t, name);
  const c = t.client(superToken, { siteId: site, language: 'en' });
  const saved = await c.post('/keyword/rankSettings', { enabled: true, engine: 'bing', url_template: TEMPLATE(), api_key: 'sekret', ...LIST_MAPPING, ...settings });
  expect(saved.code, saved.msg).toBe(0);
  const ids: Record<string, number> = {};
  for (const w of words) {
    const res = await c.post<{ id: number }>('/keyword/save', { name: w.name, link: '/x', status: w.status ?? 1 });
    expect(res.code, res.msg).toBe(0);
    ids[w.name] = res.data.id;
  }
  return { site, c, ids };
}

async function checkNow(c: ReturnType<TestApp['client']>, body: Record<string, unknown> = {}) {
  const started = await c.post<{ job_id: number }>('/keyword/check', body);
  expect(started.code, started.msg).toBe(0);
  await t.app.ctx.jobs.whenIdle();
  return (await c.get<Job>('/job/read', { id: started.data.job_id })).data;
}

describe('rank monitor', () => {
  it('checks active keywords: found with position, URL and indexed count; not found; provider errors recorded', async () => {
    asked = [];
    const { c, ids } = await siteWithKeywords('RankA', [{ name: 'found #3' }, { name: 'missing word' }, { name: 'broken word' }, { name: 'garbled word' }, { name: 'paused word', status: 2 }]);
    const job = await checkNow(c);
    expect(job.status).toBe('done');
    expect(job.result).toEqual({ checked: 2, found: 1, not_found: 1, errors: 2 });
    // Paused keywords are never sent to the provider; the others are asked about with the site's domain.
    expect(asked.map((a) => a.q).sort()).toEqual(['broken word', 'found #3', 'garbled word', 'missing word']);
    expect(asked.every((a) => a.site === 'ranka.example.com' && a.engine === 'bing' && a.key === 'sekret')).toBe(true);

    const read = async (name: string) => (await c.get<Keyword>('/keyword/read', { id: ids[name] })).data;
    expect(await read('found #3')).toMatchObject({ position: 3, result_url: 'https://www.ranka.example.com/landing?q=found%20%233', indexed: 12345 });
    expect((await read('found #3')).checked_at).not.toBeNull();
    expect(await read('missing word')).toMatchObject({ position: null, result_url: '', indexed: 0 });
    expect(await read('paused word')).toMatchObject({ position: null, checked_at: null });

    const history = async (name: string) => (await c.get<RankCheck[]>('/keyword/history', { id: ids[name] })).data;
    expect((await history('found #3')).map((h) => [h.engine, h.position, h.error])).toEqual([['bing', 3, '']]);
    expect((await history('broken word')).map((h) => [h.position, h.error])).toEqual([[null, 'The provider answered status 500']]);
    expect((await history('garbled word'))[0]!.error).toBe('The provider did not answer JSON');
    expect(await history('paused word')).toEqual([]);
  });

  it('keeps a history per keyword, oldest first, so the trend can be drawn', async () => {
    const { c, ids } = await siteWithKeywords('RankTrend', [{ name: 'trend #5' }]);
    await checkNow(c);
    await c.post('/keyword/update', { id: ids['trend #5'], name: 'trend #2', link: '/x' });
    await checkNow(c, { ids: [ids['trend #5']] });
    const history = (await c.get<RankCheck[]>('/keyword/history', { id: ids['trend #5'] })).data;
    expect(history.map((h) => h.position)).toEqual([5, 2]);
    expect(new Date(history[0]!.checked_at) <= new Date(history[1]!.checked_at)).toBe(true);
  });

  it('a keyword paused after being active is no longer queried', async () => {
    asked = [];
    const { c, ids } = await siteWithKeywords('RankPause', [{ name: 'soon paused #1' }, { name: 'stays #4' }]);
    expect((await c.post('/keyword/status', { ids: [ids['soon paused #1']], status: 2 })).code).toBe(0);
    const job = await checkNow(c, { ids: [ids['soon paused #1'], ids['stays #4']] });
    expect(job.result).toEqual({ checked: 1, found: 1, not_found: 0, errors: 0 });
    expect(asked.map((a) => a.q)).toEqual(['stays #4']);
  });

  it('reads a direct answer with pointers when the provider gives the position itself', async () => {
    const provider = new HttpRankProvider({ urlTemplate: `${searchUrl}/search?q={keyword}&site={domain}`, positionPath: '/organic/1/rank', urlPath: '/organic/1/link' }, { isForbidden: () => false });
    expect(await provider.check({ engine: 'baidu', keyword: 'direct #7', domain: 'd.example.com' })).toEqual({ position: 7, url: 'https://www.d.example.com/landing?q=direct%20%237', indexed: null });
  });

  it('never reaches a private address unless the configuration allows it (the SSRF guard stays on)', async () => {
    const provider = new HttpRankProvider({ urlTemplate: `${searchUrl}/search?q={keyword}`, positionPath: '/x' });
    await expect(provider.check({ engine: 'baidu', keyword: 'a', domain: 'd.example.com' })).rejects.toMatchObject({ key: 'keyword.providerUnreachable', params: { reason: 'private_address' } });
  });

  it('check now is refused until a provider is configured', async () => {
    const site = await insertSite(t, 'RankNone');
    const res = await t.client(superToken, { siteId: site, language: 'en' }).post('/keyword/check', {});
    expect([res.status, res.msg]).toEqual([400, 'No rank provider is configured yet']);
  });

  it('the settings keep the API key write-only and validate template and pointers', async () => {
    const { c } = await siteWithKeywords('RankKey', []);
    const view = (await c.get<RankSettingsView>('/keyword/rankSettings')).data;
    expect(view).toMatchObject({ enabled: true, engine: 'bing', api_key: '', has_api_key: true, domain: 'rankkey.example.com', results_path: '/organic' });
    expect(JSON.stringify(view)).not.toContain('sekret');
    // Saving without a key keeps the stored one.
    expect((await c.post('/keyword/rankSettings', { ...view, api_key: '' })).code).toBe(0);
    expect((await c.get<RankSettingsView>('/keyword/rankSettings')).data.has_api_key).toBe(true);
    const bad = await c.post('/keyword/rankSettings', { url_template: 'ftp://x/{keyword}', results_path: 'organic' });
    expect(bad.status).toBe(400);
    expect(bad.data.issues.map((i: { field: string }) => i.field).sort()).toEqual(['results_path', 'url_template']);
  });

  it('the scheduler enqueues a due site once, and again only after its interval', async () => {
    const { site } = await siteWithKeywords('RankSched', [{ name: 'scheduled #1' }], { interval_hours: 6 });
    const now = new Date();
    const first = await enqueueDueRankChecks(t.app, now);
    const mine = async (ids: number[]) => (ids.length ? (await t.db.select().from(jobs).where(eq(jobs.siteId, site))).filter((j) => ids.includes(j.id)) : []);
    expect((await mine(first)).length).toBe(1);
    await t.app.ctx.jobs.whenIdle();
    expect((await mine(await enqueueDueRankChecks(t.app, new Date(now.getTime() + 5 * 3600_000)))).length).toBe(0);
    expect((await mine(await enqueueDueRankChecks(t.app, new Date(now.getTime() + 7 * 3600_000)))).length).toBe(1);
    await t.app.ctx.jobs.whenIdle();
    // A disabled schedule is never enqueued.
    await t.db.update(rankSettings).set({ enabled: false, lastRunAt: null }).where(eq(rankSettings.siteId, site));
    expect((await mine(await enqueueDueRankChecks(t.app, new Date(now.getTime() + 30 * 3600_000)))).length).toBe(0);
  });

  it('another site’s admin cannot read its rank history, settings or start its checks', async () => {
    const { site, ids } = await siteWithKeywords('RankTheirs', [{ name: 'theirs #1' }]);
    const mine = await insertSite(t, 'RankMine');
    const editor = await adminWithRole(t, superToken, ['keyword'], { site_ids: [mine] });
    const c = t.client(editor.token, { siteId: mine });
    expect((await c.get('/keyword/history', { id: ids['theirs #1'] })).status).toBe(403);
    expect((await t.client(editor.token, { siteId: site }).get('/keyword/rankSettings')).status).toBe(403);
    expect((await t.client(editor.token, { siteId: site }).post('/keyword/check', {})).status).toBe(403);
    expect((await c.post('/keyword/check', { ids: [ids['theirs #1']] })).status).toBe(403);
  });
});

describe('reading a provider answer', () => {
  it('follows JSON pointers, escapes included', () => {
    const doc = { a: [{ 'b/c': { '~d': 4 } }] };
    expect(readPointer(doc, '/a/0/b~1c/~0d')).toBe(4);
    expect(readPointer(doc, '/a/9')).toBeUndefined();
    expect(readPointer(doc, '')).toBe(doc);
  });

  it('finds the first result on the site or a subdomain, never a look-alike domain', () => {
    const doc = { r: [{ u: 'https://notexample.com/' }, { u: 'https://evil.com/?ref=example.com' }, { u: 'http://blog.example.com/p' }] };
    expect(mapAnswer(doc, { urlTemplate: '', resultsPath: '/r', resultUrlPath: '/u' }, 'www.example.com')).toEqual({ position: 3, url: 'http://blog.example.com/p', indexed: null });
    expect(mapAnswer({ rank: 0 }, { urlTemplate: '', positionPath: '/rank' }, 'example.com').position).toBeNull();
  });
});
