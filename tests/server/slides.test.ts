import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import type { Slide, SlideCate } from '../../models/slide';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let editor: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'SlidesA');
  siteB = await insertSite(t, 'SlidesB');
  editor = await adminWithRole(t, superToken, ['slideCate'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language?: string) => t.client(token, { siteId, language });
async function createGroup(siteId: number, fields: Record<string, unknown> = {}) {
  const name = uniqueName('首页轮播');
  const res = await as(superToken, siteId).post<{ id: number }>('/slideCate/save', { name, key: 'home_banner', ...fields });
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, name };
}
async function createSlide(siteId: number, cateId: number, fields: Record<string, unknown> = {}) {
  const body = { cate_id: cateId, title: uniqueName('slide'), image: 'https://cdn.example.com/1.jpg', link: '/about', ...fields };
  const res = await as(superToken, siteId).post<{ id: number }>('/slide/save', body);
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, body };
}
const slidesOf = async (token: string, siteId: number, cateId: number) =>
  (await as(token, siteId).get<Slide[]>('/slide/index', { cate_id: cateId, limit: 200 })).data;

describe('slide groups and slides', () => {
  it('an editor makes a group, fills it with slides in order, edits and deletes them', async () => {
    const c = as(editor.token, siteA);
    const group = await c.post<{ id: number }>('/slideCate/save', { name: '首页大图', key: 'home-hero', sort: 2 });
    expect(group.code, group.msg).toBe(0);
    const cateId = group.data.id;
    const second = await c.post<{ id: number }>('/slide/save', { cate_id: cateId, title: '第二张', image: '/uploads/2.jpg', sort: 2 });
    const first = await c.post<{ id: number }>('/slide/save', { cate_id: cateId, title: '第一张', image: 'https://cdn.example.com/1.jpg', link: 'https://example.com', sort: 1 });
    expect([first.code, second.code]).toEqual([0, 0]);

    const slides = await slidesOf(editor.token, siteA, cateId);
    expect(slides.map((s) => s.title)).toEqual(['第一张', '第二张']);
    expect(slides[0]).toMatchObject({ site_id: siteA, cate_id: cateId, image: 'https://cdn.example.com/1.jpg', link: 'https://example.com', status: 1 });
    const groups = (await c.get<SlideCate[]>('/slideCate/index', { limit: 200 })).data;
    expect(groups.find((g) => g.id === cateId)).toMatchObject({ name: '首页大图', key: 'home-hero', slide_count: 2 });

    expect((await c.post('/slide/update', { id: second.data.id, cate_id: cateId, title: '第二张', image: '/uploads/2.jpg', sort: 0, status: 2 })).code).toBe(0);
    expect((await slidesOf(editor.token, siteA, cateId)).map((s) => [s.title, s.status])).toEqual([
      ['第二张', 2],
      ['第一张', 1],
    ]);
    expect((await c.post('/slide/delete', { ids: [first.data.id] })).code).toBe(0);
    expect((await slidesOf(editor.token, siteA, cateId)).map((s) => s.title)).toEqual(['第二张']);
    expect((await c.post('/slideCate/update', { id: cateId, name: '首页', key: '' })).code).toBe(0);
    expect((await c.get<SlideCate>('/slideCate/read', { id: cateId })).data).toMatchObject({ name: '首页', key: '', slide_count: 1 });
  });

  it('a slide needs a title and an image address; links are http(s) or site paths', async () => {
    const group = await createGroup(siteA);
    const c = as(superToken, siteA, 'en');
    const noImage = await c.post('/slide/save', { cate_id: group.id, title: 'x', image: '' });
    expect(noImage.status).toBe(400);
    expect(noImage.msg).toBe('Image is required');
    const badImage = await c.post('/slide/save', { cate_id: group.id, title: 'x', image: 'javascript:alert(1)' });
    expect(badImage.msg).toBe('Enter a URL starting with http:// or https://, or a site path starting with /');
    expect((await c.post('/slide/save', { cate_id: group.id, title: 'x', image: '/a.png', link: '//evil.example.com' })).status).toBe(400);
    expect((await c.post('/slideCate/save', { name: 'g', key: 'has space' })).status).toBe(400);
  });

  it('a slide’s group must be a live group of the same site', async () => {
    const here = await createGroup(siteA);
    const elsewhere = await createGroup(siteB);
    const gone = await createGroup(siteA);
    await as(superToken, siteA).post('/slideCate/delete', { ids: [gone.id] });
    const c = as(superToken, siteA, 'en');
    const other = await c.post('/slide/save', { cate_id: elsewhere.id, title: 'x', image: '/a.png' });
    expect(other.status).toBe(400);
    expect(other.msg).toBe('The slide group belongs to another site');
    expect((other.data as { issues: Array<{ field: string }> }).issues[0]!.field).toBe('cate_id');
    expect((await c.post('/slide/save', { cate_id: gone.id, title: 'x', image: '/a.png' })).msg).toBe('The slide group does not exist or was deleted');
    // Moving an existing slide into another site's group is refused the same way.
    const slide = await createSlide(siteA, here.id);
    expect((await c.post('/slide/update', { ...slide.body, id: slide.id, cate_id: elsewhere.id })).status).toBe(400);
  });

  it('the slides of a deleted group are out of sight with it, and come back with it', async () => {
    const group = await createGroup(siteA);
    const slide = await createSlide(siteA, group.id);
    await as(superToken, siteA).post('/slideCate/delete', { ids: [group.id] });
    const all = (await as(superToken, siteA).get<Slide[]>('/slide/index', { limit: 200 })).data;
    expect(all.map((s) => s.id)).not.toContain(slide.id);
    expect((await as(superToken, siteA).post('/recycleBin/restore', { items: [{ type: 'slideCate', id: group.id }] })).code).toBe(0);
    expect((await slidesOf(superToken, siteA, group.id)).map((s) => s.id)).toEqual([slide.id]);
  });
});

describe('slides across sites', () => {
  it('an editor bound to site A cannot see or touch site B’s groups and slides', async () => {
    const group = await createGroup(siteB);
    const slide = await createSlide(siteB, group.id);
    const c = as(editor.token, siteA);
    expect((await c.get<SlideCate[]>('/slideCate/index', { limit: 200 })).data.map((g) => g.id)).not.toContain(group.id);
    expect((await as(editor.token, siteB).get('/slideCate/index')).status).toBe(403);
    expect((await as(editor.token, siteB).get('/slide/index', { cate_id: group.id })).status).toBe(403);
    expect((await c.get('/slideCate/read', { id: group.id })).status).toBe(403);
    expect((await c.post('/slideCate/update', { id: group.id, name: 'x' })).status).toBe(403);
    expect((await c.post('/slideCate/delete', { ids: [group.id] })).status).toBe(403);
    expect((await c.get('/slide/read', { id: slide.id })).status).toBe(403);
    expect((await c.post('/slide/update', { ...slide.body, id: slide.id })).status).toBe(403);
    expect((await c.post('/slide/delete', { ids: [slide.id] })).status).toBe(403);
    // Nor put a slide of their own site into site B's group.
    expect((await c.post('/slide/save', { cate_id: group.id, title: 'x', image: '/a.png' })).status).toBe(403);
    expect(await slidesOf(superToken, siteB, group.id)).toHaveLength(1);
  });
});
