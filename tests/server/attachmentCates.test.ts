import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import type { Attachment, AttachmentCate } from '../../models/attachment';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let editor: { token: string };
let stranger: { token: string };
let contentEditor: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'CatesA');
  siteB = await insertSite(t, 'CatesB');
  editor = await adminWithRole(t, superToken, ['attachmentCate'], { site_ids: [siteA] });
  stranger = await adminWithRole(t, superToken, ['adminLoginLog'], { site_ids: [siteA] });
  contentEditor = await adminWithRole(t, superToken, ['content'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language?: string) => t.client(token, { siteId, language });
async function cate(siteId: number, parentId = 0, title = uniqueName('分类')) {
  const res = await as(superToken, siteId).post<{ id: number }>('/attachmentCate/save', { parent_id: parentId, title });
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, title };
}
const tree = async (token: string, siteId: number, query: Record<string, unknown> = {}) =>
  (await as(token, siteId).get<AttachmentCate[]>('/attachmentCate/index', query)).data;
async function network(siteId: number, cateId: number, name = uniqueName('link')) {
  const res = await as(superToken, siteId).post<Attachment[]>('/attachment/save', [{ name, url: `https://cdn.example.com/${name}.pdf`, attachment_cate_id: cateId }]);
  expect(res.code, res.msg).toBe(0);
  return res.data[0]!;
}

describe('attachment categories', () => {
  it('an editor builds a two-level tree and sees it in order with attachment counts', async () => {
    const c = as(editor.token, siteA);
    const top = await c.post<{ id: number }>('/attachmentCate/save', { parent_id: 0, title: '图片素材' });
    expect(top.code, top.msg).toBe(0);
    const child = await c.post<{ id: number }>('/attachmentCate/save', { parent_id: top.data.id, title: '产品图' });
    expect(child.code, child.msg).toBe(0);
    await network(siteA, top.data.id);
    await network(siteA, child.data.id);
    await network(siteA, child.data.id);

    const rows = await tree(editor.token, siteA);
    const i = rows.findIndex((r) => r.id === top.data.id);
    expect(rows[i]).toEqual({ id: top.data.id, parent_id: 0, title: '图片素材', path: `0-${top.data.id}`, attachment_count: 3 });
    expect(rows[i + 1]).toEqual({ id: child.data.id, parent_id: top.data.id, title: '产品图', path: `0-${top.data.id}-${child.data.id}`, attachment_count: 2 });
  });

  it('the title filter keeps matches and the parents of matching children', async () => {
    const top = await cate(siteA, 0, uniqueName('Parent'));
    const child = await cate(siteA, top.id, 'needle-child');
    await cate(siteA, top.id, uniqueName('other'));
    const rows = await tree(superToken, siteA, { title: 'needle' });
    expect(rows.map((r) => r.id)).toEqual([top.id, child.id]);
  });

  it('a category cannot go three levels deep: the parent must be the top level or a first-level category', async () => {
    const top = await cate(siteA);
    const child = await cate(siteA, top.id);
    const res = await as(superToken, siteA, 'en').post('/attachmentCate/save', { parent_id: child.id, title: 'too deep' });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/choose the parent category/);
    const zh = await as(superToken, siteA).post('/attachmentCate/save', { parent_id: child.id, title: 'too deep' });
    expect(zh.msg).toMatch(/请选择上级分类/);
  });

  it('parent and title are required, with the form messages', async () => {
    const noTitle = await as(superToken, siteA, 'en').post('/attachmentCate/save', { parent_id: 0, title: '  ' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.msg).toMatch(/please fill in the required information/i);
    const noParent = await as(superToken, siteA, 'en').post('/attachmentCate/save', { title: 'x' });
    expect(noParent.status).toBe(400);
    expect(noParent.msg).toMatch(/Please choose the parent category/);
    const unknownParent = await as(superToken, siteA, 'en').post('/attachmentCate/save', { parent_id: 999999, title: 'x' });
    expect(unknownParent.status).toBe(400);
    expect(unknownParent.msg).toMatch(/choose the parent category/);
  });

  it('editing renames and moves a leaf, but never makes a category its own parent or moves one that has children', async () => {
    const a = await cate(siteA);
    const b = await cate(siteA);
    const leaf = await cate(siteA, a.id);
    const c = as(superToken, siteA, 'en');
    expect((await c.post('/attachmentCate/update', { id: leaf.id, parent_id: b.id, title: 'moved' })).code).toBe(0);
    expect((await tree(superToken, siteA)).find((r) => r.id === leaf.id)).toMatchObject({ parent_id: b.id, title: 'moved' });

    const self = await c.post('/attachmentCate/update', { id: b.id, parent_id: b.id, title: 'self' });
    expect([self.status, self.msg]).toEqual([400, expect.stringMatching(/own parent/)]);
    // b has a child: it may not go under a (that would make three levels), nor under its own child.
    const withChildren = await c.post('/attachmentCate/update', { id: b.id, parent_id: a.id, title: 'b' });
    expect([withChildren.status, withChildren.msg]).toEqual([400, expect.stringMatching(/has subcategories/)]);
    const underChild = await c.post('/attachmentCate/update', { id: b.id, parent_id: leaf.id, title: 'b' });
    expect(underChild.status).toBe(400);
    // The root is no record: it cannot be edited.
    expect((await c.post('/attachmentCate/update', { id: 0, parent_id: 0, title: 'root' })).status).toBe(400);
    // A leaf moves back to the top level.
    expect((await c.post('/attachmentCate/update', { id: leaf.id, parent_id: 0, title: 'leaf' })).code).toBe(0);
  });

  it('deleting a category with children is refused until the children go first (or with it); its attachments become uncategorised', async () => {
    const top = await cate(siteA);
    const child = await cate(siteA, top.id);
    const file = await network(siteA, child.id);
    const refused = await as(superToken, siteA, 'en').post('/attachmentCate/delete', { ids: [top.id] });
    expect([refused.status, refused.msg]).toEqual([409, expect.stringMatching(/Delete the subcategories of/)]);

    expect((await as(superToken, siteA).post('/attachmentCate/delete', { ids: [child.id] })).code).toBe(0);
    const read = await as(superToken, siteA).get<Attachment>('/attachment/read', { id: file.id });
    expect(read.data).toMatchObject({ attachment_cate_id: 0, cate_id: 0 });
    expect((await as(superToken, siteA).post('/attachmentCate/delete', { ids: [top.id] })).code).toBe(0);

    const both = [await cate(siteA)];
    both.push(await cate(siteA, both[0]!.id));
    expect((await as(superToken, siteA).post('/attachmentCate/delete', { ids: both.map((c) => c.id) })).code).toBe(0);
    const ids = (await tree(superToken, siteA)).map((r) => r.id);
    expect(ids).not.toContain(both[0]!.id);
    expect(ids).not.toContain(top.id);
  });

  it("an editor sees only the current site's tree and cannot touch another site's categories", async () => {
    const other = await cate(siteB, 0, uniqueName('B-only'));
    expect((await tree(superToken, siteB)).map((r) => r.id)).toContain(other.id);
    expect((await tree(superToken, siteA)).map((r) => r.id)).not.toContain(other.id);

    const c = as(editor.token, siteA);
    expect((await as(editor.token, siteB).get('/attachmentCate/index')).status).toBe(403);
    expect((await c.post('/attachmentCate/update', { id: other.id, parent_id: 0, title: 'mine' })).status).toBe(403);
    expect((await c.post('/attachmentCate/delete', { ids: [other.id] })).status).toBe(403);
    expect((await c.post('/attachmentCate/save', { parent_id: other.id, title: 'under B' })).status).toBe(403);
    // A category of another managed site is no parent either.
    const underB = await as(superToken, siteA).post('/attachmentCate/save', { parent_id: other.id, title: 'x' });
    expect(underB.status).toBe(400);
    expect((await tree(superToken, siteB)).find((r) => r.id === other.id)).toMatchObject({ title: other.title });
  });

  it('an admin without the attachment permission cannot list or change categories', async () => {
    expect((await as(stranger.token, siteA).get('/attachmentCate/index')).status).toBe(403);
    expect((await as(stranger.token, siteA).post('/attachmentCate/save', { parent_id: 0, title: 'x' })).status).toBe(403);
    expect((await as(stranger.token, siteA).get('/attachment/index')).status).toBe(403);
  });

  it('a content editor browses categories and attachments through the picker but cannot change categories', async () => {
    const tree = await as(contentEditor.token, siteA).get('/attachmentCate/index');
    expect(tree.code, tree.msg).toBe(0);
    expect((await as(contentEditor.token, siteA).get('/attachment/index')).code).toBe(0);
    expect((await as(contentEditor.token, siteA).post('/attachmentCate/save', { parent_id: 0, title: 'x' })).status).toBe(403);
    expect((await as(contentEditor.token, siteA).post('/attachment/delete', { ids: [1] })).status).toBe(403);
    // The picker never reaches another site's library.
    expect((await as(contentEditor.token, siteB).get('/attachment/index')).status).toBe(403);
  });
});
