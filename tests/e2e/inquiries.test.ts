import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR } from '../helpers/browser';
import { inquiries } from '../../server/db/schema/index';
import { storeInquiry } from '../../server/operations/inquiries';
import { createOwner, signIn } from './pages/owner';
import { InquiryScreen } from './pages/inquiries';
import { pageSettled } from './pages/see';

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'inbox@example.com', password: 'Inbox-pass-2026' };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Inbox' });
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const token = await t.login();
  const siteId = (await t.client(token).get('/website/siteList')).data[0].id as number;
  for (const name of ['王小明', 'Anna Schmidt', '李华', 'Carlos Ruiz', '赵敏']) {
    ids[name] = await storeInquiry(
      t.db,
      { name, phone: '+86 138-0000-0000', email: 'buyer@example.com', company: 'Acme 贸易', content: `${name}：我们需要 500 台设备的报价。\n请尽快回复。` },
      { siteId, page: `http://localhost/products/`, ip: '223.5.5.5', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0' },
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const deleted = async (names: string[]) =>
  (await t.db.select({ id: inquiries.id, deletedAt: inquiries.deletedAt }).from(inquiries).where(inArray(inquiries.id, names.map((n) => ids[n]!)))).every((r) => r.deletedAt !== null);

describe('inquiries, as an admin', () => {
  it('an admin reads an inquiry in full, marks it, marks several at once, and deletes one and several into the recycle bin', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/Inquiry/index' });
    const inbox = new InquiryScreen(page);
    await inbox.waitLoaded();
    await inbox.seeStatus('王小明', '未读');

    // One inquiry in full; opening it marks it read.
    await inbox.open('王小明');
    await inbox.seeInDialog('email', 'buyer@example.com');
    await inbox.seeInDialog('company', 'Acme 贸易');
    await inbox.seeInDialog('page', 'http://localhost/products/');
    await inbox.seeInDialog('ip', '223.5.5.5');
    await inbox.seeInDialog('region', '浙江省');
    await inbox.seeInDialog('user_agent', 'Chrome/120.0');
    await inbox.seeInDialog('content', '请尽快回复');
    await inbox.seeDialogStatus('已读');
    await inbox.markInDialog('标为已处理');
    await inbox.seeDialogStatus('已处理');
    await inbox.closeDialog();
    await inbox.seeStatus('王小明', '已处理');

    // Several at once.
    await inbox.select('Anna Schmidt');
    await inbox.select('李华');
    await inbox.markSelected('已处理');
    await inbox.seeStatus('Anna Schmidt', '已处理');
    await inbox.seeStatus('李华', '已处理');
    await inbox.seeStatus('赵敏', '未读');

    // Delete one from its dialog, then two selected, each after a confirm.
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

  it('the screen and the dialog fit a phone and a desktop, in Chinese and English', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [375, 1440]) {
        const { page } = await signIn(browser.browser, t, OWNER, { at: '/Inquiry/index', width, height: 900, lang });
        const inbox = new InquiryScreen(page);
        await inbox.waitLoaded();
        await pageSettled(page);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `inquiries-${lang}-${width}.png`), fullPage: true });
        await inbox.open('赵敏');
        await inbox.seeDialogStatus(lang === 'zh' ? '已读' : 'Read');
        await pageSettled(page);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `inquiries-dialog-${lang}-${width}.png`) });
        const box = await inbox.dialog().boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await page.close();
      }
    }
  });
});
