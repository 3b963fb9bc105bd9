import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { inquiries } from '../../server/db/schema/index';
import { storeInquiry } from '../../server/operations/inquiries';
import type { Inquiry } from '../../models/inquiry';
import type { InquiryCategory } from '../../models/inquiryCategory';

// Inquiry categories (/InquiryCate/index): each site's own, sorted; a category in use can be deleted, and its
// inquiries stay, uncategorised.

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
/** Holds the categories screen and the inquiry screen on site A only. */
let editorA: { token: string };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, uniqueName('CateA'));
  siteB = await insertSite(t, uniqueName('CateB'));
  editorA = await adminWithRole(t, superToken, ['inquiry', 'inquiryCate', 'recycleBin'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language = 'en') => t.client(token, { siteId, language });
const create = async (siteId: number, body: Record<string, unknown>, token = superToken) => {
  const res = await as(token, siteId).post<{ id: number }>('/inquiryCate/save', body);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
};
const inquiryIn = (siteId: number, categoryId?: number) =>
  storeInquiry(t.db, { name: uniqueName('Visitor'), phone: '', email: 'v@example.com', company: '', content: 'hello' }, { siteId, page: '/contact/', ip: '127.0.0.1', userAgent: '', categoryId });

describe('inquiry categories', () => {
  it('an admin creates, renames and lists a site’s categories by sort order, with their inquiry counts', async () => {
    const api = as(editorA.token, siteA);
    const later = await create(siteA, { name: uniqueName('Support'), sort: 20 }, editorA.token);
    const first = await create(siteA, { name: uniqueName('Sales'), sort: 10, description: 'Prices and orders' }, editorA.token);
    await inquiryIn(siteA, first);
    await inquiryIn(siteA, first);
    const renamed = uniqueName('After-sales');
    expect((await api.post('/inquiryCate/update', { id: later, name: renamed, sort: 20, description: '' })).code).toBe(0);
    const list = await api.get<InquiryCategory[]>('/inquiryCate/index', { limit: 100 });
    expect(list.code, list.msg).toBe(0);
    const ours = list.data.filter((c) => [first, later].includes(c.id));
    expect(ours.map((c) => [c.id, c.inquiry_count])).toEqual([
      [first, 2],
      [later, 0],
    ]);
    expect(ours[1]!.name).toBe(renamed);
    expect(ours[0]).toMatchObject({ site_id: siteA, description: 'Prices and orders' });
    // The inquiry screen's filter reads the same categories through its own permission.
    const options = await as(editorA.token, siteA).get<Array<{ id: number; name: string }>>('/inquiry/cates/index');
    expect(options.data.map((o) => o.id)).toEqual(expect.arrayContaining([first, later]));
  });

  it('a name is required; the answer names the field', async () => {
    const res = await as(editorA.token, siteA).post('/inquiryCate/save', { name: '  ' });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/name/i);
  });

  it('each site has its own categories; another site’s cannot be read, changed or deleted', async () => {
    const theirs = await create(siteB, { name: uniqueName('Theirs') });
    const api = as(editorA.token, siteA);
    expect((await api.get<InquiryCategory[]>('/inquiryCate/index', { limit: 100 })).data.map((c) => c.id)).not.toContain(theirs);
    expect((await as(editorA.token, siteA).get<Array<{ id: number }>>('/inquiry/cates/index')).data.map((c) => c.id)).not.toContain(theirs);
    expect((await api.get('/inquiryCate/read', { id: theirs })).status).toBe(403);
    expect((await api.post('/inquiryCate/update', { id: theirs, name: 'x', sort: 0, description: '' })).status).toBe(403);
    expect((await api.post('/inquiryCate/delete', { ids: [theirs] })).status).toBe(403);
    expect((await as(editorA.token, siteB).get('/inquiryCate/index')).status).toBe(403);
  });

  it('needs the categories permission', async () => {
    const inquiryOnly = await adminWithRole(t, superToken, ['inquiry'], { site_ids: [siteA] });
    expect((await as(inquiryOnly.token, siteA).get('/inquiryCate/index')).status).toBe(403);
    expect((await as(inquiryOnly.token, siteA).post('/inquiryCate/save', { name: 'x' })).status).toBe(403);
  });

  it('deleting a category in use keeps its inquiries, uncategorised, including those in the recycle bin', async () => {
    const cate = await create(siteA, { name: uniqueName('Old') }, editorA.token);
    const live = await inquiryIn(siteA, cate);
    const binned = await inquiryIn(siteA, cate);
    const api = as(editorA.token, siteA);
    expect((await api.post('/inquiry/delete', { ids: [binned] })).code).toBe(0);
    const res = await api.post('/inquiryCate/delete', { ids: [cate] });
    expect(res.code, res.msg).toBe(0);
    expect((await api.get<InquiryCategory[]>('/inquiryCate/index', { limit: 100 })).data.map((c) => c.id)).not.toContain(cate);
    const rows = await t.db.select({ id: inquiries.id, cateId: inquiries.cateId, deletedAt: inquiries.deletedAt }).from(inquiries).where(inArray(inquiries.id, [live, binned]));
    expect(rows.map((r) => r.cateId)).toEqual([null, null]);
    expect((await api.get<Inquiry>('/inquiry/read', { id: live })).data.cate_id).toBeNull();
    // The restored inquiry does not point at the deleted category.
    expect((await api.post('/recycleBin/restore', { items: [{ type: 'inquiry', id: binned }] })).code).toBe(0);
    const [restored] = await t.db.select({ cateId: inquiries.cateId }).from(inquiries).where(eq(inquiries.id, binned));
    expect(restored!.cateId).toBeNull();
  });
});
