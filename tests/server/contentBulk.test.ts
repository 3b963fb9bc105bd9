import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { insertColumn, insertModel, putInReview, saveContent } from '../helpers/contentFixtures';
import { categories } from '../../server/db/schema/index';
import { recycleType } from '../../server/operations/recycle';
import type { Content, ContentListItem } from '../../models/content';

// The list's bulk actions: recycle bin, pin, recommend, publish, and who may call the audit's bulk approval.

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let columnA: number;
let columnB: number;
let editor: { token: string };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'BulkA');
  siteB = await insertSite(t, 'BulkB');
  const model = await insertModel(t);
  columnA = await insertColumn(t, siteA, model);
  columnB = await insertColumn(t, siteB, model);
  editor = await adminWithRole(t, superToken, ['content'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const asEditor = () => t.client(editor.token, { siteId: siteA });
const listIds = async (query: Record<string, unknown> = {}, client = asEditor()) => {
  const res = await client.get<ContentListItem[]>('/content/index', { limit: 200, ...query });
  expect(res.code, res.msg).toBe(0);
  return res.data.map((r) => r.id);
};
const read = async (id: number) => (await t.client(superToken).get<Content>('/content/read', { id })).data;
const three = async () => [
  (await saveContent(asEditor(), columnA)).id,
  (await saveContent(asEditor(), columnA)).id,
  (await saveContent(asEditor(), columnA)).id,
];

describe('recycle bin', () => {
  it('content deleted in bulk leaves the list, is listed with deleted=1, and recoverAll brings it back', async () => {
    const [a, b, c] = await three();
    const res = await asEditor().post('/content/delAll', { ids: [a, b] });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual({ affected: 2 });
    expect(res.msg).toBe('删除成功');
    const live = await listIds();
    expect(live).toContain(c);
    expect(live).not.toContain(a);
    expect(live).not.toContain(b);
    const binned = await t.client(editor.token, { siteId: siteA }).get<ContentListItem[]>('/content/index', { deleted: 1, limit: 200 });
    expect(binned.data.map((r) => r.id)).toEqual(expect.arrayContaining([a, b]));
    expect(binned.data.find((r) => r.id === a)!.deleted_at).not.toBeNull();
    expect((await asEditor().get('/content/read', { id: a })).status).toBe(404);

    const back = await asEditor().post('/content/recoverAll', { ids: [a, b] });
    expect(back.code, back.msg).toBe(0);
    expect(back.data).toEqual({ affected: 2 });
    expect(await listIds()).toEqual(expect.arrayContaining([a, b, c]));
    expect(await listIds({ deleted: 1 })).not.toContain(a);
  });

  it('a single delete goes to the recycle bin as well, remembered with who deleted it', async () => {
    const [a] = await three();
    expect((await asEditor().post('/content/delete', { ids: [a] })).code).toBe(0);
    expect(await listIds({ deleted: 1 })).toContain(a);
    const type = recycleType('content')!;
    expect(type).toBeDefined();
    const [row] = (await t.db.select().from(type.table).where(eq(type.id, a!))) as Array<{ deletedBy: number | null; siteId: number }>;
    expect(row).toMatchObject({ siteId: siteA, deletedBy: expect.any(Number) });
  });

  it('deleted content is listed in the recycle bin and restored from there, but not while its column is deleted', async () => {
    const [a] = await three();
    await asEditor().post('/content/delAll', { ids: [a] });
    const bin = await t.client(superToken).get<Array<{ type: string; id: number }>>('/recycleBin/index', { type: 'content', limit: 200 });
    expect(bin.code, bin.msg).toBe(0);
    expect(bin.data.some((r) => r.type === 'content' && r.id === a)).toBe(true);
    const restored = await t.client(superToken).post('/recycleBin/restore', { items: [{ type: 'content', id: a }] });
    expect(restored.code, restored.msg).toBe(0);
    expect(await listIds()).toContain(a);

    const model = await insertModel(t);
    const column = await insertColumn(t, siteA, model);
    const { id } = await saveContent(asEditor(), column);
    await asEditor().post('/content/delAll', { ids: [id] });
    await t.db.update(categories).set({ deletedAt: new Date() }).where(eq(categories.id, column));
    expect((await t.client(superToken).post('/recycleBin/restore', { items: [{ type: 'content', id }] })).status).toBe(409);
    expect(await listIds({ deleted: 1 })).toContain(id);
  });

  it('deleting what is already in the recycle bin, or recovering live content, finds nothing', async () => {
    const [a] = await three();
    expect((await asEditor().post('/content/recoverAll', { ids: [a] })).status).toBe(404);
    await asEditor().post('/content/delAll', { ids: [a] });
    expect((await asEditor().post('/content/delAll', { ids: [a] })).status).toBe(404);
  });

  it('an editor cannot recover another site’s content', async () => {
    const other = await saveContent(t.client(superToken, { siteId: siteB }), columnB);
    await t.client(superToken).post('/content/delAll', { ids: [other.id] });
    expect((await asEditor().post('/content/recoverAll', { ids: [other.id] })).status).toBe(403);
    expect(await listIds({ deleted: 1 })).not.toContain(other.id);
  });

  it('content whose column is in the recycle bin cannot come back before its column, and nothing is restored', async () => {
    const model = await insertModel(t);
    const column = await insertColumn(t, siteA, model);
    const { id } = await saveContent(asEditor(), column);
    await asEditor().post('/content/delAll', { ids: [id] });
    await t.db.update(categories).set({ deletedAt: new Date() }).where(eq(categories.id, column));
    const res = await asEditor().post('/content/recoverAll', { ids: [id] });
    expect(res.status).toBe(409);
    expect(res.msg).toMatch(/仍在回收站中，请先恢复上级$/);
    expect(await listIds({ deleted: 1 })).toContain(id);
  });
});

describe('flags and status', () => {
  it('pinning puts content first in the list and unpinning puts it back', async () => {
    const [a, b, c] = await three();
    expect((await asEditor().post('/content/topOpt', { ids: [a], is_top: true })).data).toEqual({ affected: 1 });
    expect((await listIds())[0]).toBe(a);
    expect(await listIds({ is_top: 1 })).toEqual([a]);
    await asEditor().post('/content/topOpt', { ids: [a], is_top: false });
    const ids = await listIds();
    expect(ids.indexOf(c!)).toBeLessThan(ids.indexOf(b!));
    expect(ids.indexOf(b!)).toBeLessThan(ids.indexOf(a!));
  });

  it('recommending and publishing in one call; publishing stamps the date once', async () => {
    const [a, b] = await three();
    const res = await asEditor().post('/content/recommendAndStatus', { ids: [a, b], is_recommend: true, status: 1 });
    expect(res.data).toEqual({ affected: 2 });
    const first = await read(a!);
    expect(first).toMatchObject({ is_recommend: true, status: 1 });
    expect(first.published_at).not.toBeNull();
    await asEditor().post('/content/recommendAndStatus', { ids: [a], is_recommend: false });
    expect(await read(a!)).toMatchObject({ is_recommend: false, status: 1, published_at: first.published_at });
  });

  it('editStatus publishes and unpublishes', async () => {
    const [a] = await three();
    await asEditor().post('/content/editStatus', { ids: [a], status: 1 });
    expect((await read(a!)).status).toBe(1);
    await asEditor().post('/content/editStatus', { ids: [a], status: 2 });
    expect((await read(a!)).status).toBe(2);
    expect((await asEditor().post('/content/editStatus', { ids: [a], status: 3 })).status).toBe(400);
  });
});

// Approval itself is the audit's (tests/server/audit*.test.ts); here only who may call it.
describe('audit permissions', () => {
  it('the audit calls need the audit permission, and the content calls the content permission', async () => {
    const [a] = await three();
    await putInReview(t, [a!]);
    expect((await asEditor().get('/content/checkList')).status).toBe(403);
    expect((await asEditor().post('/content/checkAll', { ids: [a] })).status).toBe(403);
    const auditor = await adminWithRole(t, superToken, ['contentCheck'], { site_ids: [siteA] });
    expect((await t.client(auditor.token, { siteId: siteA }).get('/content/index')).status).toBe(403);
  });

  it('an auditor cannot approve another site’s content', async () => {
    const other = await saveContent(t.client(superToken, { siteId: siteB }), columnB);
    await putInReview(t, [other.id]);
    const auditor = await adminWithRole(t, superToken, ['contentCheck'], { site_ids: [siteA] });
    expect((await t.client(auditor.token, { siteId: siteA }).post('/content/checkAll', { ids: [other.id] })).status).toBe(403);
    expect((await t.client(auditor.token, { siteId: siteB }).get('/content/checkList')).status).toBe(403);
    expect((await read(other.id)).check_status).toBe('reviewing');
  });
});
