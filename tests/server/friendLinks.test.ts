import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, uniqueName } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { serveOnLoopback } from '../helpers/contentFixtures';
import { localDate } from '../../models/ad';
import type { FriendLink, LinkCheck, LinkCheckResult } from '../../models/friendLink';
import type { Job } from '../../models/job';
import type { DashboardData } from '../../models/dashboard';

// Friendly links (/Link/index): every call, the URL rule, site scoping, and the back-link checker against a
// partner site on 127.0.0.1, which only config.allowPrivateFetchForTests lets a check reach.

let t: TestApp;
let superToken: string;
const ours = { id: 0, name: 'Banyan Tea', domain: uniqueDomain('links') };
let otherSite: number;
/** Holds the friendly-link screen on our site only. */
let editor: { token: string };
let partner: Awaited<ReturnType<typeof serveOnLoopback>>;

const page = (body: string, head = '') => (_req: unknown, res: import('node:http').ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 }, allowPrivateFetchForTests: true, linkCheckTimeoutMs: 500 });
  superToken = await t.login();
  ours.id = await createSite(t, superToken, { name: ours.name, domain: ours.domain });
  otherSite = await createSite(t, superToken, { name: 'Other', domain: uniqueDomain('links-other') });
  editor = await adminWithRole(t, superToken, ['link'], { site_ids: [ours.id] });
  const home = `http://${ours.domain}/`;
  partner = await serveOnLoopback({
    '/found': page(`<p>Friends: <a href="${home}">  Banyan   Tea </a></p>`),
    '/found-www': page(`<a href="https://www.${ours.domain}/about">Banyan Tea</a>`),
    '/missing': page('<a href="https://elsewhere.example.org/">Banyan Tea</a>'),
    '/nofollow': page(`<a href="${home}" rel="nofollow">Banyan Tea</a>`),
    '/robots-nofollow': page(`<a href="${home}">Banyan Tea</a>`, '<meta name="robots" content="index, nofollow">'),
    '/wrong-anchor': page(`<a href="${home}">click here</a>`),
    '/custom-anchor': page(`<a href="${home}">Best tea in town</a>`),
    '/gone': (_req, res) => res.writeHead(404).end('gone'),
    '/slow': () => undefined,
  });
});
afterAll(async () => {
  await partner?.close();
  await t?.close();
});

const as = (token: string, siteId = ours.id, language?: string) => t.client(token, { siteId, language });
async function createLink(fields: Record<string, unknown> = {}, token = superToken, siteId = ours.id) {
  const res = await as(token, siteId).post<{ id: number }>('/link/save', { name: uniqueName('partner'), url: 'https://partner.example.org/', ...fields });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
const read = async (id: number, token = superToken) => (await as(token).get<FriendLink>('/link/read', { id })).data;

/** Starts a check of the links and waits for its job; returns the job. */
async function check(ids: number[], token = superToken) {
  const res = await as(token).post<{ job_id: number }>('/link/check', { ids });
  expect(res.code, res.msg).toBe(0);
  await t.app.ctx.jobs.whenIdle();
  return (await as(token).get<Job>('/job/read', { id: res.data.job_id })).data;
}
const checks = async (id: number) => (await as(superToken).get<LinkCheck[]>('/link/checks', { id })).data;

describe('friendly links', () => {
  it('an editor adds a link with every field, edits it and deletes it', async () => {
    const fields = {
      name: '茶友网',
      url: 'http://chayou.example.net/links',
      link_type: 2,
      site_type: 3,
      weight: 4,
      pr: 5,
      deadline: '2031-12-31',
      platform: '爱站',
      phone: '021-5555 0101',
      adder: '小王',
      jump: 1,
      logo: '/uploads/chayou.png',
      anchor: '茶叶',
      sort: 7,
      status: 1,
    };
    const id = await createLink(fields, editor.token);
    expect(await read(id, editor.token)).toMatchObject({ ...fields, site_id: ours.id, last_check: '', last_checked_at: null, flags: [] });
    const c = as(editor.token);
    expect((await c.post('/link/update', { ...fields, id, name: '茶友社区', jump: 2, status: 2 })).code).toBe(0);
    expect(await read(id, editor.token)).toMatchObject({ name: '茶友社区', jump: 2, status: 2 });
    const list = await c.get<FriendLink[]>('/link/index', { name: '茶友' });
    expect(list.data.map((r) => r.id)).toEqual([id]);
    expect((await c.post('/link/delete', { ids: [id] })).code).toBe(0);
    expect((await c.get('/link/read', { id })).status).toBe(404);
  });

  it('defaults: a friendly exchange with an enterprise site, opened in a new page, shown', async () => {
    const id = await createLink({ name: 'Defaults' });
    expect(await read(id)).toMatchObject({ link_type: 1, site_type: 1, jump: 2, status: 1, weight: 0, pr: 0, deadline: '', logo: '', sort: 0 });
  });

  it('the link address must start with http:// or https://, said in the caller’s language', async () => {
    for (const url of ['www.partner.example.org', '/about', 'ftp://partner.example.org', 'javascript:alert(1)']) {
      const en = await as(superToken, ours.id, 'en').post('/link/save', { name: 'Bad', url });
      expect(en.code, url).toBe(400);
      expect(en.msg).toContain('must start with http:// or https://');
    }
    const zh = await as(superToken, ours.id, 'zh').post('/link/save', { name: 'Bad', url: 'partner.example.org' });
    expect(zh.msg).toContain('链接地址必须以 http:// 或 https:// 开头');
    const noName = await as(superToken, ours.id, 'en').post('/link/save', { name: ' ', url: 'https://x.example.org/' });
    expect(noName.code).toBe(400);
  });

  it('rejects an unknown link type, site type or jump mode, and a weight or PR above 10', async () => {
    for (const bad of [{ link_type: 5 }, { site_type: 0 }, { jump: 3 }, { weight: 11 }, { pr: -1 }, { deadline: '31/12/2030' }]) {
      expect((await as(superToken).post('/link/save', { name: 'x', url: 'https://x.example.org/', ...bad })).code, JSON.stringify(bad)).toBe(400);
    }
  });

  it('the list shows only the current site’s links and filters by type and status', async () => {
    const site = await createSite(t, superToken, { name: 'Filters', domain: uniqueDomain('links-filter') });
    const sale = await createLink({ link_type: 2 }, superToken, site);
    const off = await createLink({ status: 2 }, superToken, site);
    await createLink({}, superToken, otherSite);
    const ids = async (q: Record<string, unknown>) => (await as(superToken, site).get<FriendLink[]>('/link/index', q)).data.map((r) => r.id).sort();
    expect(await ids({})).toEqual([sale, off].sort());
    expect(await ids({ link_type: 2 })).toEqual([sale]);
    expect(await ids({ status: 2 })).toEqual([off]);
  });

  it('an admin of another site can neither list, read, edit, delete nor check our links', async () => {
    const id = await createLink();
    const outsider = await adminWithRole(t, superToken, ['link'], { site_ids: [otherSite] });
    const c = as(outsider.token, ours.id);
    expect((await c.get('/link/index')).code).toBe(403);
    const mine = t.client(outsider.token, { siteId: otherSite });
    expect((await mine.get('/link/read', { id })).code).toBe(403);
    expect((await mine.post('/link/update', { id, name: 'taken', url: 'https://x.example.org/' })).code).toBe(403);
    expect((await mine.post('/link/delete', { ids: [id] })).code).toBe(403);
    expect((await mine.post('/link/check', { ids: [id] })).code).toBe(403);
    expect((await mine.get('/link/checks', { id })).code).toBe(403);
    expect((await read(id)).name).not.toBe('taken');
  });

  it('an admin without the friendly-link screen is refused', async () => {
    const id = await createLink();
    const stranger = await adminWithRole(t, superToken, ['tag'], { site_ids: [ours.id] });
    for (const res of [
      await as(stranger.token).get('/link/index'),
      await as(stranger.token).post('/link/save', { name: 'x', url: 'https://x.example.org/' }),
      await as(stranger.token).post('/link/check', { ids: [id] }),
      await as(stranger.token).get('/link/checks', { id }),
    ])
      expect(res.code).toBe(403);
  });

  it('a deleted link goes to the recycle bin and comes back', async () => {
    const id = await createLink({ name: 'Recycled' });
    expect((await as(superToken).post('/link/delete', { ids: [id] })).code).toBe(0);
    expect((await as(superToken).post('/recycleBin/restore', { items: [{ type: 'link', id }] })).code).toBe(0);
    expect((await read(id)).name).toBe('Recycled');
  });
});

describe('back-link checks', () => {
  it('records found, missing, nofollow, wrong anchor text and fetch errors, with their time', async () => {
    const cases = {
      found: await createLink({ url: partner.url('/found') }),
      foundWww: await createLink({ url: partner.url('/found-www') }),
      missing: await createLink({ url: partner.url('/missing') }),
      nofollow: await createLink({ url: partner.url('/nofollow') }),
      robots: await createLink({ url: partner.url('/robots-nofollow') }),
      wrong: await createLink({ url: partner.url('/wrong-anchor') }),
      custom: await createLink({ url: partner.url('/custom-anchor'), anchor: 'best tea in town' }),
      gone: await createLink({ url: partner.url('/gone') }),
    };
    const before = Date.now();
    const job = await check(Object.values(cases));
    expect(job.status).toBe('done');
    expect(job.result as LinkCheckResult).toMatchObject({ checked: 8, found: 3, missing: 1, nofollow: 2, wrong_anchor: 1, fetch_error: 1 });
    const last = async (id: number) => (await checks(id))[0]!;
    expect(await last(cases.found)).toMatchObject({ status: 'found', detail: 'Banyan   Tea' });
    expect((await last(cases.foundWww)).status).toBe('found');
    expect((await last(cases.missing)).status).toBe('missing');
    expect((await last(cases.nofollow)).status).toBe('nofollow');
    expect((await last(cases.robots)).status).toBe('nofollow');
    expect(await last(cases.wrong)).toMatchObject({ status: 'wrong_anchor', detail: 'click here' });
    expect((await last(cases.custom)).status).toBe('found');
    expect(await last(cases.gone)).toMatchObject({ status: 'fetch_error', detail: 'http_status: 404' });
    const record = await last(cases.found);
    expect(new Date(record.checked_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await read(cases.found)).toMatchObject({ last_check: 'found', missing_streak: 0 });
    expect((await read(cases.found)).last_checked_at).toBe(record.checked_at);
  });

  it('a partner page that does not answer in time is recorded as a timeout', async () => {
    const id = await createLink({ url: partner.url('/slow') });
    const job = await check([id]);
    expect(job.status).toBe('done');
    expect((await checks(id))[0]).toMatchObject({ status: 'fetch_error', detail: 'timeout' });
  });

  it('a link missing twice in a row is flagged, and seen again it is not', async () => {
    const id = await createLink({ url: partner.url('/missing') });
    await check([id]);
    expect((await read(id)).flags).toEqual([]);
    await check([id]);
    expect(await read(id)).toMatchObject({ missing_streak: 2, flags: ['missing'] });
    const flagged = (await as(superToken).get<FriendLink[]>('/link/index', { flagged: 1, limit: 100 })).data.map((r) => r.id);
    expect(flagged).toContain(id);
    const link = await read(id);
    expect((await as(superToken).post('/link/update', { ...link, url: partner.url('/found') })).code).toBe(0);
    await check([id]);
    expect(await read(id)).toMatchObject({ missing_streak: 0, flags: [] });
    expect((await checks(id)).map((c) => c.status)).toEqual(['found', 'missing', 'missing']);
  });

  it('a link past its deadline is flagged; the deadline day itself is not', async () => {
    const day = (offset: number) => localDate(new Date(Date.now() + offset * 86_400_000));
    const past = await createLink({ deadline: day(-1) });
    const today = await createLink({ deadline: day(0) });
    expect((await read(past)).flags).toEqual(['expired']);
    expect((await read(today)).flags).toEqual([]);
    const flagged = (await as(superToken).get<FriendLink[]>('/link/index', { flagged: 1, limit: 100 })).data.map((r) => r.id);
    expect(flagged).toContain(past);
    expect(flagged).not.toContain(today);
  });

  it('the operation log names the check', async () => {
    const id = await createLink({ name: 'Logged check', url: partner.url('/found') });
    await check([id]);
    const logs = (await as(superToken).get<Array<{ operation: string; name: string }>>('/adminOptLog/index', { limit: 5 })).data;
    expect(logs.some((l) => l.operation === 'link.check')).toBe(true);
  });
});

describe('dashboard link figures', () => {
  it('exported links are the ones our pages show; imported ones linked back at the last check', async () => {
    const site = await createSite(t, superToken, { name: ours.name, domain: ours.domain.replace('links', 'links-dash') });
    const dash = async (token = superToken) => (await t.client(token).get<DashboardData>('/dashboard/index')).data;
    const before = await dash();
    const shown = await createLink({ url: partner.url('/missing') }, superToken, site);
    await createLink({ status: 2 }, superToken, site);
    await createLink({ deadline: '2001-01-01' }, superToken, site);
    const after = await dash();
    expect(after.exported_links).toBe(before.exported_links! + 1);
    expect(after.imported_links).toBe(before.imported_links);
    expect(shown).toBeGreaterThan(0);
    // Our editor manages only our site: the new site's links are not theirs to count.
    const editorBefore = await dash(editor.token);
    const found = await createLink({ url: partner.url('/found') });
    await check([found]);
    expect((await dash(editor.token)).imported_links).toBe(editorBefore.imported_links! + 1);
    expect((await dash(editor.token)).exported_links).toBe(editorBefore.exported_links! + 1);
  });
});

describe('without the test setting', () => {
  it('a check never reaches a loopback partner site', async () => {
    const plain = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
    try {
      const token = await plain.login();
      const site = await createSite(plain, token, { name: 'Plain', domain: uniqueDomain('links-plain') });
      const c = plain.client(token, { siteId: site });
      const id = (await c.post<{ id: number }>('/link/save', { name: 'Local', url: partner.url('/found') })).data.id;
      expect((await c.post('/link/check', { ids: [id] })).code).toBe(0);
      await plain.app.ctx.jobs.whenIdle();
      const [record] = (await c.get<LinkCheck[]>('/link/checks', { id })).data;
      expect(record).toMatchObject({ status: 'fetch_error' });
      expect(record!.detail).toContain('private_address');
    } finally {
      await plain.close();
    }
  });
});
