import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { inquiries } from '../../server/db/schema/index';
import { storeInquiry } from '../../server/operations/inquiries';
import type { Inquiry, InquiryAssignee } from '../../models/inquiry';
import type { DashboardData } from '../../models/dashboard';

// The inquiry screen (/Inquiry/index): one inquiry in full, status marks and deletion into the recycle bin, each
// limited to the sites an admin manages.

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
/** Holds the inquiry screen (and the recycle bin) on site A only. */
let editorA: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, uniqueName('InqA'));
  siteB = await insertSite(t, uniqueName('InqB'));
  editorA = await adminWithRole(t, superToken, ['inquiry', 'recycleBin'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

async function inquiry(siteId: number, name = uniqueName('Visitor')) {
  const id = await storeInquiry(
    t.db,
    { name, phone: '+86 138-0000-0000', email: 'visitor@example.com', company: 'Acme', content: `Message from ${name}` },
    { siteId, page: 'http://a.example.com/products/', ip: '223.5.5.5', userAgent: 'InquiryAdmin/1.0' },
  );
  return { id, name };
}
const as = (token: string, siteId: number) => t.client(token, { siteId, language: 'en' });
const statusOf = async (ids: number[]) =>
  Object.fromEntries((await t.db.select({ id: inquiries.id, status: inquiries.status }).from(inquiries).where(inArray(inquiries.id, ids))).map((r) => [r.id, r.status]));

describe('reading one inquiry', () => {
  it('shows every field, the time it was sent, where from and with what', async () => {
    const { id, name } = await inquiry(siteA);
    const res = await as(editorA.token, siteA).get<Inquiry>('/inquiry/read', { id });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      id,
      site_id: siteA,
      name,
      phone: '+86 138-0000-0000',
      email: 'visitor@example.com',
      company: 'Acme',
      content: `Message from ${name}`,
      page: 'http://a.example.com/products/',
      ip: '223.5.5.5',
      region: '浙江省',
      user_agent: 'InquiryAdmin/1.0',
      status: 0,
    });
    expect(Date.now() - new Date(res.data.created_at).getTime()).toBeLessThan(60_000);
  });

  it('an admin of another site cannot read it', async () => {
    const { id } = await inquiry(siteB);
    expect((await as(editorA.token, siteA).get('/inquiry/read', { id })).status).toBe(403);
    expect((await as(editorA.token, siteB).get('/inquiry/read', { id })).status).toBe(403);
    expect((await as(editorA.token, siteB).get('/inquiry/index')).status).toBe(403);
  });
});

describe('marking inquiries', () => {
  it('marks one inquiry read, then handled, and the list filters by status', async () => {
    const { id } = await inquiry(siteA);
    const api = as(editorA.token, siteA);
    const res = await api.post('/inquiry/status', { ids: [id], status: 1 });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe('Inquiry status updated');
    expect((await api.get<Inquiry>('/inquiry/read', { id })).data.status).toBe(1);
    expect((await api.post('/inquiry/status', { ids: [id], status: 2 })).code).toBe(0);
    const handled = await api.get<Inquiry[]>('/inquiry/index', { status: 2, limit: 100 });
    expect(handled.data.map((r) => r.id)).toContain(id);
    expect(handled.data.every((r) => r.status === 2)).toBe(true);
    expect((await api.get<Inquiry[]>('/inquiry/index', { status: 0, limit: 100 })).data.map((r) => r.id)).not.toContain(id);
  });

  it('marks an inquiry spam, and the list filters spam apart', async () => {
    const { id } = await inquiry(siteA);
    const api = as(editorA.token, siteA);
    expect((await api.post('/inquiry/status', { ids: [id], status: 3 })).code).toBe(0);
    expect((await api.get<Inquiry[]>('/inquiry/index', { status: 3, limit: 100 })).data.map((r) => r.id)).toContain(id);
    expect((await api.get<Inquiry[]>('/inquiry/index', { status: 0, limit: 100 })).data.map((r) => r.id)).not.toContain(id);
  });

  it('marks several at once, and refuses an unknown status', async () => {
    const ids = [(await inquiry(siteA)).id, (await inquiry(siteA)).id, (await inquiry(siteA)).id];
    const api = as(editorA.token, siteA);
    expect((await api.post('/inquiry/status', { ids, status: 2 })).code).toBe(0);
    expect(await statusOf(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 2])));
    const bad = await api.post('/inquiry/status', { ids, status: 7 });
    expect(bad.status).toBe(400);
    expect((await api.post('/inquiry/status', { ids: [], status: 1 })).status).toBe(400);
  });

  it('an admin of another site cannot change one, alone or in a batch with their own', async () => {
    const mine = await inquiry(siteA);
    const theirs = await inquiry(siteB);
    const api = as(editorA.token, siteA);
    expect((await api.post('/inquiry/status', { ids: [theirs.id], status: 2 })).status).toBe(403);
    expect((await api.post('/inquiry/status', { ids: [mine.id, theirs.id], status: 2 })).status).toBe(403);
    expect(await statusOf([mine.id, theirs.id])).toEqual({ [mine.id]: 0, [theirs.id]: 0 });
  });

  it('needs the inquiry permission', async () => {
    const { id } = await inquiry(siteA);
    const other = await adminWithRole(t, superToken, ['advertisement'], { site_ids: [siteA] });
    expect((await as(other.token, siteA).post('/inquiry/status', { ids: [id], status: 1 })).status).toBe(403);
    expect((await as(other.token, siteA).post('/inquiry/delete', { ids: [id] })).status).toBe(403);
    expect(await statusOf([id])).toEqual({ [id]: 0 });
  });
});

describe('deleting inquiries', () => {
  it('deletes one and several into the recycle bin, from where they come back', async () => {
    const one = await inquiry(siteA);
    const two = await inquiry(siteA);
    const three = await inquiry(siteA);
    const api = as(editorA.token, siteA);
    expect((await api.post('/inquiry/delete', { ids: [one.id] })).code).toBe(0);
    expect((await api.post('/inquiry/delete', { ids: [two.id, three.id] })).code).toBe(0);
    const listed = (await api.get<Inquiry[]>('/inquiry/index', { limit: 100 })).data.map((r) => r.id);
    for (const gone of [one, two, three]) {
      expect(listed).not.toContain(gone.id);
      expect((await api.get('/inquiry/read', { id: gone.id })).status).toBe(404);
    }
    // A deleted inquiry can no longer be marked.
    expect((await api.post('/inquiry/status', { ids: [one.id], status: 1 })).status).toBe(404);

    const bin = await api.get<Array<{ type: string; id: number; title: string; site_id: number }>>('/recycleBin/index', { type: 'inquiry', limit: 100 });
    expect(bin.code, bin.msg).toBe(0);
    expect(bin.data.filter((r) => r.type === 'inquiry').map((r) => r.id).sort()).toEqual(expect.arrayContaining([one.id, two.id, three.id]));
    expect(bin.data.find((r) => r.id === one.id)).toMatchObject({ title: one.name, site_id: siteA });

    expect((await api.post('/recycleBin/restore', { items: [{ type: 'inquiry', id: one.id }] })).code).toBe(0);
    expect((await api.get<Inquiry>('/inquiry/read', { id: one.id })).data.name).toBe(one.name);
  });

  it('an admin of another site cannot delete one, nor see it in the recycle bin', async () => {
    const mine = await inquiry(siteA);
    const theirs = await inquiry(siteB);
    const api = as(editorA.token, siteA);
    expect((await api.post('/inquiry/delete', { ids: [theirs.id] })).status).toBe(403);
    expect((await api.post('/inquiry/delete', { ids: [mine.id, theirs.id] })).status).toBe(403);
    const rows = await t.db.select({ id: inquiries.id, deletedAt: inquiries.deletedAt }).from(inquiries).where(inArray(inquiries.id, [mine.id, theirs.id]));
    expect(rows.every((r) => r.deletedAt === null)).toBe(true);

    expect((await as(superToken, siteB).post('/inquiry/delete', { ids: [theirs.id] })).code).toBe(0);
    const bin = await api.get<Array<{ type: string; id: number }>>('/recycleBin/index', { type: 'inquiry', limit: 100 });
    expect(bin.data.map((r) => r.id)).not.toContain(theirs.id);
    expect((await api.post('/recycleBin/restore', { items: [{ type: 'inquiry', id: theirs.id }] })).status).toBe(403);
    const [row] = await t.db.select({ deletedAt: inquiries.deletedAt }).from(inquiries).where(eq(inquiries.id, theirs.id));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe('handling an inquiry', () => {
  const handle = (token: string, body: Record<string, unknown>, language = 'en') => t.client(token, { siteId: siteA, language }).post('/inquiry/handle', body);
  const newCategory = async (siteId: number, name = uniqueName('Cate')) => {
    const res = await as(superToken, siteId).post<{ id: number }>('/inquiryCate/save', { name });
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  };

  it('an inquiry starts new, from the contact page, uncategorised and unassigned; an old "read" inquiry reads as in progress', async () => {
    const { id } = await inquiry(siteA);
    const read = (await as(editorA.token, siteA).get<Inquiry>('/inquiry/read', { id })).data;
    expect(read).toMatchObject({ status: 0, source: 'contact', source_id: null, cate_id: null, assignee_id: null, notes: '' });
    // The statuses kept their numbers: 0 unread→new, 1 read→in progress, 2 handled→done.
    await t.db.update(inquiries).set({ status: 1 }).where(eq(inquiries.id, id));
    expect((await as(editorA.token, siteA).get<Inquiry[]>('/inquiry/index', { status: 1, limit: 100 })).data.map((r) => r.id)).toContain(id);
  });

  it('the detail dialog saves category, status, assignee and notes together', async () => {
    const { id, name } = await inquiry(siteA);
    const cate = await newCategory(siteA);
    const res = await handle(editorA.token, { id, cate_id: cate, status: 1, assignee_id: editorA.id, notes: 'Called back; wants 500 kg.' });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe('Inquiry handling saved');
    expect((await as(editorA.token, siteA).get<Inquiry>('/inquiry/read', { id })).data).toMatchObject({
      name,
      cate_id: cate,
      status: 1,
      assignee_id: editorA.id,
      notes: 'Called back; wants 500 kg.',
    });
    // Clearing them again.
    expect((await handle(editorA.token, { id, cate_id: null, status: 2, assignee_id: null, notes: '' })).code).toBe(0);
    expect((await as(editorA.token, siteA).get<Inquiry>('/inquiry/read', { id })).data).toMatchObject({ cate_id: null, status: 2, assignee_id: null, notes: '' });
  });

  it('refuses a category of another site, an admin who cannot take the inquiry, and another site’s inquiry', async () => {
    const { id } = await inquiry(siteA);
    const foreignCate = await newCategory(siteB);
    const bad = await handle(editorA.token, { id, cate_id: foreignCate, status: 0, assignee_id: null, notes: '' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('This inquiry category does not exist or belongs to another site');
    const outsider = await adminWithRole(t, superToken, ['inquiry'], { site_ids: [siteB] });
    const notHis = await handle(editorA.token, { id, cate_id: null, status: 0, assignee_id: outsider.id, notes: '' }, 'zh');
    expect(notHis.status).toBe(400);
    expect(notHis.msg).toBe('所选负责人不存在、已停用或不能处理该站点的询盘');
    const theirs = await inquiry(siteB);
    expect((await handle(editorA.token, { id: theirs.id, cate_id: null, status: 1, assignee_id: null, notes: 'x' })).status).toBe(403);
    expect((await t.db.select().from(inquiries).where(eq(inquiries.id, id)))[0]).toMatchObject({ cateId: null, assigneeId: null, notes: '' });
  });

  it('an inquiry can be assigned to the site’s inquiry admins and super-admins, not to others', async () => {
    const noScreen = await adminWithRole(t, superToken, ['advertisement'], { site_ids: [siteA] });
    const res = await as(editorA.token, siteA).get<InquiryAssignee[]>('/inquiry/assignees/index');
    expect(res.code, res.msg).toBe(0);
    const ids = res.data.map((a) => a.id);
    expect(ids).toContain(editorA.id);
    expect(ids).not.toContain(noScreen.id);
    expect(ids.length).toBeGreaterThan(1);
  });

  it('the list filters by category, status, source and assignee', async () => {
    const cate = await newCategory(siteA);
    const fromForm = await storeInquiry(t.db, { name: uniqueName('Form'), phone: '', email: 'f@example.com', company: '', content: 'form' }, { siteId: siteA, page: '/forms/1', ip: '127.0.0.1', userAgent: '', source: 'form', sourceId: 41, categoryId: cate });
    const plain = await inquiry(siteA);
    expect((await handle(editorA.token, { id: plain.id, cate_id: null, status: 2, assignee_id: editorA.id, notes: '' })).code).toBe(0);
    const ids = async (query: Record<string, unknown>) => (await as(editorA.token, siteA).get<Inquiry[]>('/inquiry/index', { limit: 100, ...query })).data.map((r) => r.id);
    expect(await ids({ cate_id: cate })).toEqual([fromForm]);
    expect(await ids({ source: 'form' })).toContain(fromForm);
    expect(await ids({ source: 'form' })).not.toContain(plain.id);
    expect(await ids({ source: 'contact' })).toContain(plain.id);
    expect(await ids({ assignee_id: editorA.id })).toContain(plain.id);
    expect(await ids({ assignee_id: editorA.id })).not.toContain(fromForm);
    expect(await ids({ status: 2, assignee_id: editorA.id })).toContain(plain.id);
    const read = (await as(editorA.token, siteA).get<Inquiry>('/inquiry/read', { id: fromForm })).data;
    expect(read).toMatchObject({ source: 'form', source_id: 41, cate_id: cate });
    expect((await as(editorA.token, siteA).get('/inquiry/index', { source: 'fax' })).status).toBe(400);
  });

  it('the dashboard leaves spam out of its inquiry count', async () => {
    const site = await insertSite(t, uniqueName('InqDash'));
    const admin = await adminWithRole(t, superToken, ['inquiry'], { site_ids: [site] });
    const count = async () => (await t.client(admin.token).get<DashboardData>('/dashboard/index')).data.inquiries;
    const { id } = await inquiry(site);
    await inquiry(site);
    expect(await count()).toBe(2);
    expect((await as(admin.token, site).post('/inquiry/status', { ids: [id], status: 3 })).code).toBe(0);
    expect(await count()).toBe(1);
  });
});
