import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { fetchStored, image, pdf, uploadFile, type Caller } from '../helpers/attachmentFixtures';
import { attachments } from '../../server/db/schema/index';
import { ATTACHMENT_PAGE_SIZE } from '../../models/constants';
import { ATTACHMENT_TYPE, STORAGE, type Attachment } from '../../models/attachment';
import type { RecycledRecord } from '../../models/recycleBin';

// The attachment list, network attachments, edits and deletion through the recycle bin (issue 4).

let t: TestApp;
let superToken: string;
let site: number;
let otherSite: number;
let editor: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  site = await insertSite(t, 'Files');
  otherSite = await insertSite(t, 'OtherFiles');
  editor = await adminWithRole(t, superToken, ['attachmentCate'], { site_ids: [site] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language?: string) => t.client(token, { siteId, language });
const caller = (siteId = site, token = superToken): Caller => ({ token, siteId });
const list = async (query: Record<string, unknown>, siteId = site) => {
  const res = await as(superToken, siteId).get<Attachment[]>('/attachment/index', query);
  expect(res.code, res.msg).toBe(0);
  return res;
};
async function cate(parentId = 0, siteId = site) {
  const res = await as(superToken, siteId).post<{ id: number }>('/attachmentCate/save', { parent_id: parentId, title: uniqueName('cate') });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
async function network(items: Array<Record<string, unknown>>, siteId = site) {
  const res = await as(superToken, siteId).post<Attachment[]>('/attachment/save', items);
  expect(res.code, res.msg).toBe(0);
  return res.data;
}
const bin = async () => (await t.client(superToken).get<RecycledRecord[]>('/recycleBin/index', { type: 'attachment', limit: 200 })).data;

describe('network attachments', () => {
  it('an array of name, url and description is saved as network attachments (storage 5) typed by the address', async () => {
    const name = uniqueName('brochure');
    const rows = await network([
      { name, url: 'https://cdn.example.com/files/brochure.pdf', description: 'the brochure', storage: 5 },
      { name: `${name}-logo`, url: 'https://cdn.example.com/img/logo.PNG' },
      { name: `${name}-clip`, url: 'http://video.example.com/a/clip.mp4?x=1' },
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ name, url: 'https://cdn.example.com/files/brochure.pdf', description: 'the brochure', storage: STORAGE.network, type: ATTACHMENT_TYPE.file });
    expect(rows[1]).toMatchObject({ storage: 5, type: ATTACHMENT_TYPE.image });
    expect(rows[2]).toMatchObject({ storage: 5, type: ATTACHMENT_TYPE.video });
    const found = await list({ name });
    expect(found.count).toBe(3);
  });

  it('name and address are required, with the form messages naming the field', async () => {
    const noName = await as(superToken, site, 'en').post('/attachment/save', [{ name: ' ', url: 'https://a.example.com/x.png' }]);
    expect([noName.status, noName.msg]).toEqual([400, expect.stringMatching(/attachment name/)]);
    expect(JSON.stringify(noName.data)).toContain('0.name');
    const noUrl = await as(superToken, site, 'en').post('/attachment/save', [{ name: 'ok', url: 'https://a.example.com/x.png' }, { name: 'x', url: '' }]);
    expect([noUrl.status, noUrl.msg]).toEqual([400, expect.stringMatching(/attachment address/)]);
    expect(JSON.stringify(noUrl.data)).toContain('1.url');
    const zh = await as(superToken, site).post('/attachment/save', [{ name: '', url: 'https://a.example.com/x.png' }]);
    expect(zh.msg).toMatch(/请输入附件名称/);
    const script = await as(superToken, site, 'en').post('/attachment/save', [{ name: 'x', url: 'javascript:alert(1)' }]);
    expect(script.status).toBe(400);
    // Not an array, or an empty one: refused too.
    expect((await as(superToken, site).post('/attachment/save', { name: 'x', url: 'https://a.example.com/x.png' })).status).toBe(400);
    expect((await as(superToken, site).post('/attachment/save', [])).status).toBe(400);
    // Nothing of a refused batch was saved.
    expect((await list({ name: 'ok' })).data.filter((r) => r.url === 'https://a.example.com/x.png')).toHaveLength(0);
  });
});

describe('the attachment list', () => {
  let top: number;
  let child: number;
  let tag: string;
  beforeAll(async () => {
    top = await cate();
    child = await cate(top);
    tag = uniqueName('paging');
    const items = Array.from({ length: 20 }, (_, i) => ({ name: `${tag}-${String(i).padStart(2, '0')}`, url: `https://cdn.example.com/${tag}/${i}.${i < 5 ? 'jpg' : 'zip'}`, attachment_cate_id: i < 3 ? top : i < 8 ? child : 0 }));
    await network(items);
  });

  it('pages by 18, newest first, with the total in count', async () => {
    const first = await list({ name: tag });
    expect(first.count).toBe(20);
    expect(first.data).toHaveLength(ATTACHMENT_PAGE_SIZE);
    const second = await list({ name: tag, page: 2 });
    expect(second.data).toHaveLength(2);
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(new Set(ids).size).toBe(20);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list({ name: tag, limit: 5, page: 4 })).data).toHaveLength(5);
  });

  it('filters by type, by category (a top-level one includes its children) and by name', async () => {
    const images = await list({ name: tag, type: ATTACHMENT_TYPE.image });
    expect(images.count).toBe(5);
    expect(images.data.every((r) => r.type === ATTACHMENT_TYPE.image)).toBe(true);
    expect((await list({ name: tag, type: ATTACHMENT_TYPE.archive })).count).toBe(15);
    expect((await list({ name: tag, cate_id: top })).count).toBe(8);
    const inChild = await list({ name: tag, cate_id: child });
    expect(inChild.count).toBe(5);
    expect(inChild.data.every((r) => r.attachment_cate_id === child && r.cate_id === child)).toBe(true);
    expect((await list({ name: tag, cate_id: 0 })).count).toBe(20);
    expect((await list({ name: `${tag}-1` })).count).toBe(10);
    // LIKE wildcards in the name are taken literally.
    expect((await list({ name: '%' })).count).toBe(0);
  });

  it("lists only the current site's attachments, and another site's ids are out of reach", async () => {
    const [mine] = await network([{ name: uniqueName('other-site'), url: 'https://cdn.example.com/o.pdf' }], otherSite);
    expect((await list({ name: mine!.name })).count).toBe(0);
    expect((await list({ name: mine!.name }, otherSite)).count).toBe(1);
    expect((await as(editor.token, otherSite).get('/attachment/index')).status).toBe(403);
    expect((await as(editor.token, site).post('/attachment/delete', { ids: [mine!.id] })).status).toBe(403);
    expect((await as(editor.token, site).post('/attachment/update', { id: mine!.id, name: 'mine' })).status).toBe(403);
  });
});

describe('editing and deleting', () => {
  it('an attachment is renamed, described and filed under a category', async () => {
    const c = await cate();
    const [row] = await network([{ name: uniqueName('edit'), url: 'https://cdn.example.com/e.pdf' }]);
    const res = await as(editor.token, site).post('/attachment/update', { id: row!.id, name: 'Renamed', description: 'desc', attachment_cate_id: c });
    expect(res.code, res.msg).toBe(0);
    const read = await as(editor.token, site).get<Attachment>('/attachment/read', { id: row!.id });
    expect(read.data).toMatchObject({ name: 'Renamed', description: 'desc', attachment_cate_id: c, url: 'https://cdn.example.com/e.pdf' });
    const otherCate = await cate(0, otherSite);
    expect((await as(superToken, site).post('/attachment/update', { id: row!.id, name: 'x', attachment_cate_id: otherCate })).status).toBe(400);
  });

  it('deleted attachments go to the recycle bin with their file kept, and come back from it', async () => {
    const bytes = pdf('kept');
    const up = await uploadFile(t, caller(), { name: 'kept.pdf', bytes });
    expect(up.code, up.msg).toBe(0);
    const del = await as(editor.token, site).post('/attachment/delete', { ids: [up.data.id] });
    expect(del.code, del.msg).toBe(0);
    expect((await list({ name: 'kept.pdf' })).data.map((r) => r.id)).not.toContain(up.data.id);
    expect((await as(superToken, site).get('/attachment/read', { id: up.data.id })).status).toBe(404);
    expect((await bin()).map((r) => r.id)).toContain(up.data.id);
    // Still stored and served while in the bin.
    expect(await fetchStored(t, up.data.url)).toEqual(bytes);

    const restored = await t.client(superToken).post('/recycleBin/restore', { items: [{ type: 'attachment', id: up.data.id }] });
    expect(restored.code, restored.msg).toBe(0);
    expect((await list({ name: 'kept.pdf' })).data.map((r) => r.id)).toContain(up.data.id);
  });

  it('purging from the recycle bin removes the stored file, but not while another attachment shares it', async () => {
    const bytes = await image('png', 8, 8, { seed: 91 });
    const a = await uploadFile(t, caller(), { name: 'shared-a.png', bytes });
    const b = await uploadFile(t, caller(), { name: 'shared-b.png', bytes });
    expect([a.code, b.code]).toEqual([0, 0]);
    const [rowA] = await t.db.select().from(attachments).where(eq(attachments.id, a.data.id));
    const [rowB] = await t.db.select().from(attachments).where(eq(attachments.id, b.data.id));
    // Equal bytes are stored once.
    expect(rowB!.path).toBe(rowA!.path);
    const onDisk = path.join(t.dataDir, 'uploads', rowA!.path);
    expect(await fs.readFile(onDisk)).toEqual(bytes);

    expect((await as(superToken, site).post('/attachment/delete', { ids: [a.data.id, b.data.id] })).code).toBe(0);
    const purgeA = await t.client(superToken).post('/recycleBin/delete', { items: [{ type: 'attachment', id: a.data.id }] });
    expect(purgeA.code, purgeA.msg).toBe(0);
    expect(await fs.readFile(onDisk)).toEqual(bytes);
    expect(await fetchStored(t, b.data.url)).toEqual(bytes);

    const purgeB = await t.client(superToken).post('/recycleBin/delete', { items: [{ type: 'attachment', id: b.data.id }] });
    expect(purgeB.code, purgeB.msg).toBe(0);
    await expect(fs.stat(onDisk)).rejects.toThrow(/ENOENT/);
    expect(await fetchStored(t, b.data.url)).toBeNull();
    expect(await t.db.select().from(attachments).where(eq(attachments.id, b.data.id))).toEqual([]);
  });

  it('purging a network attachment touches no storage', async () => {
    const [row] = await network([{ name: uniqueName('net'), url: 'https://cdn.example.com/n.pdf' }]);
    expect((await as(superToken, site).post('/attachment/delete', { ids: [row!.id] })).code).toBe(0);
    expect((await t.client(superToken).post('/recycleBin/delete', { items: [{ type: 'attachment', id: row!.id }] })).code).toBe(0);
  });

  it('deleting an unknown id changes nothing', async () => {
    const [row] = await network([{ name: uniqueName('survivor'), url: 'https://cdn.example.com/s.pdf' }]);
    const res = await as(superToken, site).post('/attachment/delete', { ids: [row!.id, 99999999] });
    expect(res.status).toBe(404);
    expect((await list({ name: row!.name })).count).toBe(1);
  });
});
