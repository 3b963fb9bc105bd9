import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { inquiries } from '../../server/db/schema/index';
import { storeInquiry } from '../../server/operations/inquiries';
import { createOwner, signIn } from './pages/owner';
import { InquiryScreen } from './pages/inquiries';
import { containsText, eventually, pageSettled } from './pages/see';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer';

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let smtp: SmtpPeer;
let superToken: string;
const OWNER = { account: 'inbox@example.com', password: 'Inbox-pass-2026' };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Inbox' });
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const token = await t.login();
  superToken = token;
  const siteId = (await t.client(token).get('/website/siteList')).data[0].id as number;
  for (const name of ['王小明', 'Anna Schmidt', '李华', 'Carlos Ruiz', '赵敏', 'No Mail']) {
    ids[name] = await storeInquiry(
      t.db,
      { name, phone: '+86 138-0000-0000', email: name === 'No Mail' ? '' : 'buyer@example.com', company: 'Acme 贸易', content: `${name}：我们需要 500 台设备的报价。\n请尽快回复。` },
      { siteId, page: `http://localhost/products/`, ip: '223.5.5.5', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0' },
    );
  }
  for (const name of ['销售', '售后']) expect((await t.client(token, { siteId }).post('/inquiryCate/save', { name })).code).toBe(0);
  smtp = await startSmtpPeer();
  await setMailPassword(smtp.password);
});
const setMailPassword = async (password: string) => {
  const values = { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_security: 'none', smtp_user: smtp.user, smtp_password: password, from_address: 'service@banyan.test' };
  expect((await t.client(superToken).post('/sysSetting/update', { group: 'mail', values })).code).toBe(0);
};
afterAll(async () => {
  await smtp?.close();
  await browser?.close();
  await t?.close();
});

const deleted = async (names: string[]) =>
  (await t.db.select({ id: inquiries.id, deletedAt: inquiries.deletedAt }).from(inquiries).where(inArray(inquiries.id, names.map((n) => ids[n]!)))).every((r) => r.deletedAt !== null);

describe('inquiries, as an admin', () => {
  it('an admin reads an inquiry in full, handles it, marks several at once, and deletes one and several into the recycle bin', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/Inquiry/index' });
    const inbox = new InquiryScreen(page);
    await inbox.waitLoaded();
    await inbox.seeStatus('王小明', '新询盘');

    // One inquiry in full; opening it changes nothing.
    await inbox.open('王小明');
    await inbox.seeInDialog('email', 'buyer@example.com');
    await inbox.seeInDialog('company', 'Acme 贸易');
    await inbox.seeInDialog('page', 'http://localhost/products/');
    await inbox.seeInDialog('ip', '223.5.5.5');
    await inbox.seeInDialog('region', '浙江省');
    await inbox.seeInDialog('user_agent', 'Chrome/120.0');
    await inbox.seeInDialog('content', '请尽快回复');
    await inbox.seeDialogStatus('新询盘');
    await inbox.handle({ category: '销售', status: '已完成', assignee: 'Inbox', notes: '已电话联系' });
    await inbox.seeDialogStatus('已完成');
    await inbox.closeDialog();
    await inbox.seeStatus('王小明', '已完成');
    await inbox.seeInRow('王小明', '销售');
    const [row] = await t.db.select().from(inquiries).where(inArray(inquiries.id, [ids['王小明']!]));
    expect(row).toMatchObject({ status: 2, notes: '已电话联系' });
    expect(row!.cateId).not.toBeNull();
    expect(row!.assigneeId).not.toBeNull();

    // Several at once.
    await inbox.select('Anna Schmidt');
    await inbox.select('李华');
    await inbox.markSelected('已完成');
    await inbox.seeStatus('Anna Schmidt', '已完成');
    await inbox.seeStatus('李华', '已完成');
    await inbox.seeStatus('赵敏', '新询盘');

    // Delete one from its dialog, then two selected, each at once (the toast offers an undo).
    await inbox.open('Carlos Ruiz');
    await inbox.deleteFromDialog();
    await inbox.dontSeeInquiry('Carlos Ruiz');
    // The two marked rows stay selected.
    await inbox.seeSelected('Anna Schmidt');
    await inbox.seeSelected('李华');
    await inbox.deleteSelected();
    await inbox.dontSeeInquiry('Anna Schmidt');
    await inbox.dontSeeInquiry('李华');
    await inbox.seeInquiry('赵敏');
    expect(await deleted(['Carlos Ruiz', 'Anna Schmidt', '李华'])).toBe(true);
    await page.close();
  });

  it('an admin replies by e-mail; the thread shows what was sent and what failed, and an inquiry without an address cannot be answered', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/Inquiry/index' });
    const inbox = new InquiryScreen(page);
    await inbox.waitLoaded();
    await inbox.open('赵敏');
    const before = smtp.received.length;
    await inbox.reply('您好，报价单见附件。', '关于您的报价');
    await inbox.seeReply(0, 'sent', '关于您的报价');
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.recipients).toEqual(['buyer@example.com']);
    expect(mail!.parsed.text?.trim()).toBe('您好，报价单见附件。');
    // A first answer moves it in progress.
    await inbox.seeDialogStatus('处理中');

    await setMailPassword('wrong-password');
    await inbox.reply('第二封');
    await inbox.seeReply(1, 'failed', '第二封');
    await inbox.closeDialog();
    await setMailPassword(smtp.password);

    await inbox.open('No Mail');
    await inbox.seeCannotReply();
    await page.close();
  });

  it('the screen and the dialog fit a phone and a desktop, in Chinese and English', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [375, 1440]) {
        const { page } = await signIn(browser.browser, t, OWNER, { at: '/Inquiry/index', width, height: 900, lang });
        const inbox = new InquiryScreen(page);
        await inbox.waitLoaded();
        await pageSettled(page);
        await saveScreenshot(page, `inquiries-${lang}-${width}.png`, { fullPage: true });
        await inbox.open('赵敏');
        await inbox.seeReply(0, 'sent', '关于您的报价');
        await pageSettled(page);
        await saveScreenshot(page, `inquiries-dialog-${lang}-${width}.png`);
        const box = await inbox.dialog().boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await page.close();

        const cates = (await signIn(browser.browser, t, OWNER, { at: '/InquiryCate/index', width, height: 900, lang })).page;
        await containsText(cates.getByTestId('table-inquiryCate'), '售后');
        await pageSettled(cates);
        await saveScreenshot(cates, `inquiry-cates-${lang}-${width}.png`, { fullPage: true });
        await cates.close();

        const settings = (await signIn(browser.browser, t, OWNER, { at: '/SysSetting/index', width, height: 900, lang })).page;
        const card = settings.getByTestId('sys-group-mail');
        await containsText(card, lang === 'zh' ? '发件（SMTP）' : 'Outgoing (SMTP)');
        await eventually('the stored password is shown as set', async () => (await card.getByTestId('sys-smtp_password').getAttribute('data-secret-set')) === 'true');
        await card.getByTestId('sys-mail-test-to').fill('owner@banyan.test');
        await card.getByTestId('sys-mail-test').click();
        await containsText(card.getByTestId('sys-mail-test-result'), lang === 'zh' ? '测试邮件已发送' : 'Test message sent');
        await card.scrollIntoViewIfNeeded();
        await pageSettled(settings);
        await saveScreenshot(card, `mail-card-${lang}-${width}.png`);
        const overflow = await settings.getByTestId('page-sysSetting').evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await settings.close();
      }
    }
  }, 240_000);
});
