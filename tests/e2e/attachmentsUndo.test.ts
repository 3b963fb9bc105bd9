import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { asc, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { adminWithRole } from '../helpers/fixtures';
import { attachments, sites } from '../../server/db/schema/index';
import type { Attachment } from '../../models/attachment';
import { AttachmentsScreen } from './pages/attachments';
import { createOwner, signIn } from './pages/owner';
import { Toasts } from './pages/toasts';
import { eventually, visible } from './pages/see';

// Issue 16: attachments go to the recycle bin, so deleting one (or several) is done at once and the toast's
// Undo brings them back; a role that may not use the recycle bin cannot undo, and still confirms first.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let siteId: number;
const OWNER = { account: 'undo.librarian@example.com', password: 'Library-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  siteId = site!.id;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Network attachments (no file to upload), saved through the API. */
async function saveAttachments(...names: string[]): Promise<Attachment[]> {
  const api = t.client(await t.login(OWNER.account, OWNER.password), { siteId });
  const res = await api.post<Attachment[]>('/attachment/save', names.map((name) => ({ name, url: `https://cdn.example.com/${encodeURIComponent(name)}.pdf` })));
  expect(res.code, res.msg).toBe(0);
  return res.data;
}
const deletedAt = async (ids: number[]) => (await t.db.select({ deletedAt: attachments.deletedAt }).from(attachments).where(inArray(attachments.id, ids))).map((r) => r.deletedAt);

async function onAttachments(who: { account: string; password: string }) {
  const { page } = await signIn(browser.browser, t, who, { at: '/AttachmentCate/index' });
  const screen = new AttachmentsScreen(page);
  await screen.waitLoaded();
  return { page, screen, toasts: new Toasts(page) };
}

describe('undo after deleting attachments', () => {
  it('an attachment deleted from the grid goes at once, without a confirm, and Undo in the toast brings it back', async () => {
    const [doc] = await saveAttachments('撤销附件单个');
    const { page, screen, toasts } = await onAttachments(OWNER);
    await screen.seeAttachment(doc!.name);
    await screen.tile(doc!.name).getByTestId('attachment-delete').click();
    await toasts.seeUndoIn('已删除 1 项');
    await toasts.seeNoConfirm('confirm-delete');
    await screen.dontSeeAttachment(doc!.name);
    expect((await deletedAt([doc!.id]))[0]).not.toBeNull();

    await toasts.undo('已删除 1 项');
    await screen.seeAttachment(doc!.name);
    await eventually('the attachment is live again', async () => (await deletedAt([doc!.id]))[0] === null);
    await page.close();
  });

  it('two selected attachments deleted together come back together with one Undo', async () => {
    const [a, b] = await saveAttachments('撤销附件甲', '撤销附件乙');
    const { page, screen, toasts } = await onAttachments(OWNER);
    for (const name of [a!.name, b!.name]) {
      await screen.seeAttachment(name);
      await screen.tile(name).getByRole('checkbox').check({ force: true });
    }
    await page.getByTestId('bulk-delete').click();
    await toasts.seeUndoIn('已删除 2 项');
    await toasts.seeNoConfirm('confirm-delete');
    await screen.dontSeeAttachment(a!.name);
    await screen.dontSeeAttachment(b!.name);
    expect(await deletedAt([a!.id, b!.id])).not.toContain(null);

    await toasts.undo('已删除 2 项');
    await screen.seeAttachment(a!.name);
    await screen.seeAttachment(b!.name);
    await eventually('both attachments are live again', async () => (await deletedAt([a!.id, b!.id])).every((d) => d === null));
    await page.close();
  });

  it('an editor who may not use the recycle bin cannot undo, so the delete still asks first', async () => {
    const [doc] = await saveAttachments('需确认的附件');
    const editor = await adminWithRole(t, await t.login(), ['attachmentCate'], { site_ids: [siteId] });
    // Their own password, so the first sign-in does not open the personal center to change it.
    const own = { account: editor.account, password: 'Editor-pass-2026' };
    const res = await t.client(editor.token).post('/admin/selfUpdate', { name: 'Editor', phone: '', code_auth: 2, old_password: editor.password, password: own.password });
    expect(res.code, res.msg).toBe(0);
    const { page, screen } = await onAttachments(own);
    await screen.seeAttachment(doc!.name);
    await screen.tile(doc!.name).getByTestId('attachment-delete').click();
    await visible(page.getByTestId('confirm-delete'));
    await page.getByTestId('confirm-delete-cancel').click();
    await screen.seeAttachment(doc!.name);
    expect((await deletedAt([doc!.id]))[0]).toBeNull();
    await screen.tile(doc!.name).getByTestId('attachment-delete').click();
    await page.getByTestId('confirm-delete-confirm').click();
    await screen.dontSeeAttachment(doc!.name);
    await eventually('the attachment is in the recycle bin', async () => (await deletedAt([doc!.id]))[0] !== null);
    await page.close();
  });
});
