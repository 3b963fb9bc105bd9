import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type ApiResponse, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createSite } from '../helpers/sites';
import { insertColumn, insertModel, putInReview, saveContent, PNG_1X1 } from '../helpers/contentFixtures';
import { uploadFile } from '../helpers/attachmentFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';

// Issue 15, attack regressions: cross-site IDOR. An admin bound to site A, holding every menu these screens
// need, aims at site B's records two ways: by id while X-Site-Id names their own site, and by naming site B
// in X-Site-Id. Every row must be refused with a localized message, and nothing may change: the owner (the
// super-admin) reads the record back unchanged and the digest of every table is the same.
//
// The attack table is resource × action → request; adding a resource is one line.

let t: TestApp;
let superToken: string;
let attacker: { token: string };
let siteA: number;
let siteB: number;
/** Site B's records (and one of site A's, for mixed bulk calls). */
const b = { column: 0, content: 0, review: 0, attachment: 0, attachmentCate: 0, form: 0, ownContent: 0, ownColumn: 0 };

const SITE_FORBIDDEN = { status: 403, msg: 'You may not manage this site' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  siteA = await createSite(t, superToken, { name: 'IDOR A' });
  siteB = await createSite(t, superToken, { name: 'IDOR B' });
  const model = await insertModel(t);
  b.ownColumn = await insertColumn(t, siteA, model, { title: 'Own column' });
  b.column = await insertColumn(t, siteB, model, { title: 'Their column' });
  const ownerB = t.client(superToken, { siteId: siteB });
  b.content = (await saveContent(ownerB, b.column, { title: 'Their article' })).id;
  b.review = (await saveContent(ownerB, b.column, { title: 'Their article in review' })).id;
  await putInReview(t, [b.review]);
  const cate = await ownerB.post<{ id: number }>('/attachmentCate/save', { parent_id: 0, title: 'Their folder' });
  expect(cate.code, cate.msg).toBe(0);
  b.attachmentCate = cate.data.id;
  const up = await uploadFile(t, { token: superToken, siteId: siteB }, { name: 'theirs.png', bytes: PNG_1X1, mime: 'image/png' });
  expect(up.code, up.msg).toBe(0);
  b.attachment = up.data.id;
  const form = await ownerB.post<{ id: number }>('/form/save', { name: 'Their form', type: 'form' });
  expect(form.code, form.msg).toBe(0);
  b.form = form.data.id;
  attacker = await adminWithRole(t, superToken, ['content', 'contentCheck', 'category', 'attachmentCate', 'staticFile', 'theme', 'themeFiles', 'form', 'keyword'], {
    site_ids: [siteA],
  });
  b.ownContent = (await saveContent(t.client(attacker.token, { siteId: siteA }), b.ownColumn, { title: 'Own article' })).id;
});
afterAll(() => t?.close());

/** The attacker with their own site as the current one, and with site B named in X-Site-Id. */
const mine = (): ApiClient => t.client(attacker.token, { siteId: siteA, language: 'en' });
const theirs = (): ApiClient => t.client(attacker.token, { siteId: siteB, language: 'en' });
const owner = (): ApiClient => t.client(superToken, { siteId: siteB });

/** What the owner sees of a record: the envelope data of a read, which must come back the same. */
async function ownerRead(url: string, query: Record<string, unknown>) {
  const res = await owner().get(url, query);
  expect(res.code, `${url} ${res.msg}`).toBe(0);
  return res.data;
}

const readContent = () => ownerRead('/content/read', { id: b.content });
const readReview = async () => ({ content: await ownerRead('/content/read', { id: b.review }), audit: await ownerRead('/content/auditDetail', { id: b.review }) });
const readColumn = () => ownerRead('/category/read', { id: b.column });
const readAttachment = () => ownerRead('/attachment/read', { id: b.attachment });
const readAttachmentCates = () => ownerRead('/attachmentCate/index', {});
const readStatic = () => ownerRead('/staticFile/index', {});
const readTheme = () => owner().get('/theme/fileRead', { folder: 'default', path: 'templates/index.liquid' }).then((r) => ({ code: r.code, data: r.data }));
const readForm = () => ownerRead('/form/read', { id: b.form });

interface AttackRow {
  resource: string;
  action: string;
  /** How the attack names the other site's record, when the action alone does not say. */
  detail?: string;
  send: () => Promise<ApiResponse>;
  /** The owner's view of what the attack aims at. */
  reread: () => Promise<unknown>;
  refusal?: { status: number; msg: string };
}

// prettier-ignore
const ATTACKS: AttackRow[] = [
  { resource: 'content', action: 'read', send: () => mine().get('/content/read', { id: b.content }), reread: readContent },
  { resource: 'content', action: 'list', send: () => theirs().get('/content/index'), reread: readContent },
  { resource: 'content', action: 'update', send: async () => mine().post('/content/update', { ...(await readContent() as object), title: 'Hijacked' }), reread: readContent },
  { resource: 'content', action: 'delete', send: () => mine().post('/content/delete', { ids: [b.content] }), reread: readContent },
  { resource: 'content', action: 'bulk delete', detail: 'mixed with their own', send: () => mine().post('/content/delAll', { ids: [b.ownContent, b.content] }), reread: async () => [await readContent(), await ownerRead('/content/read', { id: b.ownContent })] },
  { resource: 'content', action: 'bulk status', send: () => mine().post('/content/editStatus', { ids: [b.content], status: 1 }), reread: readContent },
  { resource: 'content', action: 'bulk top', send: () => mine().post('/content/topOpt', { ids: [b.content], is_top: true }), reread: readContent },
  { resource: 'column', action: 'read', send: () => mine().get('/category/read', { id: b.column }), reread: readColumn },
  { resource: 'column', action: 'update', send: async () => mine().post('/category/update', { ...(await readColumn() as object), title: 'Hijacked' }), reread: readColumn },
  { resource: 'column', action: 'delete', send: () => mine().post('/category/delete', { ids: [b.column] }), reread: readColumn },
  { resource: 'form submissions', action: 'export', send: () => mine().get('/form/export', { id: b.form, format: 'csv' }), reread: readForm },
  { resource: 'keywords', action: 'export', send: () => theirs().get('/keyword/export'), reread: readForm },
  { resource: 'static pages', action: 'generate', detail: 'the whole site', send: () => theirs().post('/staticFile/generate', { scope: 'site' }), reread: readStatic },
  { resource: 'static pages', action: 'generate', detail: 'a column, from their own site', send: () => mine().post('/staticFile/generate', { scope: 'column', category_id: b.column }), reread: readStatic, refusal: { status: 400, msg: 'The column does not exist, was deleted or belongs to another site' } },
  { resource: 'static pages', action: 'generate', detail: 'content, from their own site', send: () => mine().post('/staticFile/generate', { scope: 'content', ids: [b.content] }), reread: readStatic, refusal: { status: 400, msg: 'The chosen content does not exist or belongs to another site' } },
  { resource: 'theme files', action: 'list', send: () => theirs().get('/theme/files', { folder: 'default' }), reread: readTheme },
  { resource: 'theme files', action: 'read', send: () => theirs().get('/theme/fileRead', { folder: 'default', path: 'templates/index.liquid' }), reread: readTheme },
  { resource: 'theme files', action: 'update', send: () => theirs().post('/theme/fileUpdate', { folder: 'default', path: 'templates/index.liquid', content: 'pwned' }), reread: readTheme, refusal: { status: 403, msg: 'Only super-admins may change theme files' } },
  { resource: 'attachments', action: 'list', send: () => theirs().get('/attachment/index'), reread: readAttachment },
  { resource: 'attachments', action: 'read', send: () => mine().get('/attachment/read', { id: b.attachment }), reread: readAttachment },
  { resource: 'attachments', action: 'update', send: () => mine().post('/attachment/update', { id: b.attachment, name: 'hijacked.png' }), reread: readAttachment },
  { resource: 'attachments', action: 'delete', send: () => mine().post('/attachment/delete', { ids: [b.attachment] }), reread: readAttachment },
  { resource: 'attachment folders', action: 'update', send: () => mine().post('/attachmentCate/update', { id: b.attachmentCate, parent_id: 0, title: 'Hijacked' }), reread: readAttachmentCates },
  { resource: 'attachment folders', action: 'delete', send: () => mine().post('/attachmentCate/delete', { ids: [b.attachmentCate] }), reread: readAttachmentCates },
  { resource: 'audit decisions', action: 'read', send: () => mine().get('/content/auditDetail', { id: b.review }), reread: readReview },
  { resource: 'audit decisions', action: 'approve', send: () => mine().post('/content/audit', { id: b.review, action: 'approve', comment: '' }), reread: readReview },
  { resource: 'audit decisions', action: 'reject', send: () => mine().post('/content/audit', { id: b.review, action: 'reject', comment: 'no', to_step: 1 }), reread: readReview },
  { resource: 'audit decisions', action: 'bulk approve', send: () => mine().post('/content/checkAll', { ids: [b.review] }), reread: readReview },
];

describe('IDOR: a site-bound admin cannot reach another site', () => {
  for (const row of ATTACKS) {
    it(`IDOR: a site-bound admin cannot ${row.action} ${row.resource} of another site${row.detail ? ` (${row.detail})` : ''}`, async () => {
      const before = await row.reread();
      const tables = await dbFingerprint(t);
      expect(Object.keys(tables).length).toBeGreaterThan(20);
      const res = await row.send();
      const refusal = row.refusal ?? SITE_FORBIDDEN;
      expect({ status: res.status, code: res.code, msg: res.msg }).toEqual({ ...refusal, code: refusal.status });
      expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
      expect(await row.reread()).toEqual(before);
    });
  }
});

it('IDOR: the refusal is in the admin’s language', async () => {
  const res = await t.client(attacker.token, { siteId: siteB, language: 'zh-CN' }).get('/content/read', { id: b.content });
  expect({ status: res.status, code: res.code, msg: res.msg }).toEqual({ status: 403, code: 403, msg: '没有管理该站点的权限' });
});
