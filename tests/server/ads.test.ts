import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { localDate, type Ad } from '../../models/ad';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
/** Holds the ad screen on site A, but is no super-admin. */
let editor: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'AdsA');
  siteB = await insertSite(t, 'AdsB');
  editor = await adminWithRole(t, superToken, ['advertisement'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language?: string) => t.client(token, { siteId, language });
const day = (offset: number) => localDate(new Date(Date.now() + offset * 86_400_000));
const IMAGE_AD = { position: 'home-top', kind: 1, image: 'https://cdn.example.com/ad.png', link: 'https://shop.example.com' };
const CODE_AD = { position: 'sidebar', kind: 2, code: '<script>window.ads = 1</script>' };

async function createAd(token: string, siteId: number, fields: Record<string, unknown> = IMAGE_AD) {
  const res = await as(token, siteId).post<{ id: number }>('/ad/save', { title: uniqueName('ad'), ...fields });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
const read = async (id: number, token = superToken, siteId = siteA) => (await as(token, siteId).get<Ad>('/ad/read', { id })).data;

describe('advertisements', () => {
  it('an editor places an image ad with dates, edits and deletes it', async () => {
    const id = await createAd(editor.token, siteA, { ...IMAGE_AD, title: '双十一', start_date: day(-1), end_date: day(10), sort: 3 });
    expect(await read(id, editor.token)).toMatchObject({
      site_id: siteA,
      position: 'home-top',
      title: '双十一',
      kind: 1,
      image: IMAGE_AD.image,
      link: IMAGE_AD.link,
      code: '',
      start_date: day(-1),
      end_date: day(10),
      status: 1,
      sort: 3,
      live: true,
    });
    const c = as(editor.token, siteA);
    expect((await c.post('/ad/update', { ...IMAGE_AD, id, title: '双十二', start_date: '', end_date: '' })).code).toBe(0);
    expect(await read(id, editor.token)).toMatchObject({ title: '双十二', start_date: '', end_date: '', live: true });
    expect((await c.post('/ad/delete', { ids: [id] })).code).toBe(0);
    expect((await c.get('/ad/read', { id })).status).toBe(404);
  });

  it('an ad is live only while switched on and within its dates, both days included', async () => {
    const running = await createAd(superToken, siteA, { ...IMAGE_AD, start_date: day(0), end_date: day(0) });
    const upcoming = await createAd(superToken, siteA, { ...IMAGE_AD, start_date: day(1) });
    const ended = await createAd(superToken, siteA, { ...IMAGE_AD, end_date: day(-1) });
    const off = await createAd(superToken, siteA, { ...IMAGE_AD, status: 2 });
    const rows = (await as(superToken, siteA).get<Ad[]>('/ad/index', { limit: 200 })).data;
    const live = (id: number) => rows.find((r) => r.id === id)!.live;
    expect([live(running), live(upcoming), live(ended), live(off)]).toEqual([true, false, false, false]);
  });

  it('the list filters by position and status', async () => {
    const site = await insertSite(t, 'AdsFilter');
    const top = await createAd(superToken, site, { ...IMAGE_AD, position: 'home-top' });
    const topOff = await createAd(superToken, site, { ...IMAGE_AD, position: 'home-top', status: 2 });
    const side = await createAd(superToken, site, { ...IMAGE_AD, position: 'sidebar' });
    const ids = async (q: Record<string, unknown>) => (await as(superToken, site).get<Ad[]>('/ad/index', q)).data.map((r) => r.id).sort();
    expect(await ids({ position: 'home' })).toEqual([top, topOff].sort());
    expect(await ids({ status: 2 })).toEqual([topOff]);
    expect(await ids({ position: 'home-top', status: 1 })).toEqual([top]);
    expect(await ids({})).toEqual([top, topOff, side].sort());
  });

  it('the end date cannot come before the start date', async () => {
    const res = await as(superToken, siteA, 'en').post('/ad/save', { ...IMAGE_AD, title: 'x', start_date: day(5), end_date: day(1) });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('The end date cannot be before the start date');
    expect((await as(superToken, siteA).post('/ad/save', { ...IMAGE_AD, title: 'x', start_date: '2025-13-40' })).status).toBe(400);
  });

  it('an image ad needs its image, a code ad its code', async () => {
    const c = as(superToken, siteA, 'en');
    expect((await c.post('/ad/save', { position: 'p', title: 'x', kind: 1 })).msg).toBe('An image ad needs an image address');
    expect((await c.post('/ad/save', { position: 'p', title: 'x', kind: 2, code: ' ' })).msg).toBe('A code ad needs its code');
  });

  it('a code ad keeps only its code; an image ad only its image and link', async () => {
    const id = await createAd(superToken, siteA, { ...CODE_AD, image: '/x.png', link: '/y' });
    expect(await read(id)).toMatchObject({ kind: 2, code: CODE_AD.code, image: '', link: '' });
    await as(superToken, siteA).post('/ad/update', { ...IMAGE_AD, id, title: 'now image', code: '<b>x</b>' });
    expect(await read(id)).toMatchObject({ kind: 1, code: '', image: IMAGE_AD.image });
  });
});

describe('code ads are for super-admins', () => {
  it('only a super-admin may save a code ad', async () => {
    const res = await as(editor.token, siteA, 'en').post('/ad/save', { ...CODE_AD, title: 'sneaky' });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('Only super administrators may save code ads');
    expect((await createAd(superToken, siteA, { ...CODE_AD, title: 'fine' })) > 0).toBe(true);
  });

  it('an editor cannot turn an image ad into code, nor change or rewrite a code ad', async () => {
    const image = await createAd(superToken, siteA);
    const code = await createAd(superToken, siteA, CODE_AD);
    const c = as(editor.token, siteA);
    expect((await c.post('/ad/update', { ...CODE_AD, id: image, title: 'x' })).status).toBe(403);
    expect((await c.post('/ad/update', { ...CODE_AD, id: code, title: 'renamed' })).status).toBe(403);
    expect((await c.post('/ad/update', { ...IMAGE_AD, id: code, title: 'replaced' })).status).toBe(403);
    expect(await read(code)).toMatchObject({ kind: 2, code: CODE_AD.code });
    // An image ad stays theirs to edit.
    expect((await c.post('/ad/update', { ...IMAGE_AD, id: image, title: 'edited' })).code).toBe(0);
  });
});

describe('ads across sites', () => {
  it('an editor bound to site A cannot list, read, change or delete site B’s ads', async () => {
    const theirs = await createAd(superToken, siteB);
    const c = as(editor.token, siteA);
    expect((await c.get<Ad[]>('/ad/index', { limit: 200 })).data.map((r) => r.id)).not.toContain(theirs);
    expect((await as(editor.token, siteB).get('/ad/index')).status).toBe(403);
    expect((await c.get('/ad/read', { id: theirs })).status).toBe(403);
    expect((await c.post('/ad/update', { ...IMAGE_AD, id: theirs, title: 'x' })).status).toBe(403);
    expect((await c.post('/ad/delete', { ids: [theirs] })).status).toBe(403);
    expect((await read(theirs, superToken, siteB)).id).toBe(theirs);
  });
});
