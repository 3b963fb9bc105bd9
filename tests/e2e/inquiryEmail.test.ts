import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { rawMessage, startImapPeer, type ImapPeer } from '../helpers/imapPeer';
import { saveMailSettings } from '../helpers/mailSettings';
import { sites } from '../../server/db/schema/index';
import { createOwner, signIn } from './pages/owner';
import { containsText, countIs, pageSettled, visible } from './pages/see';
import { seriousViolations } from './pages/accessibility';

// The e-mail inbox in the browser (issue 12): "pull now" against a real Dovecot on loopback, followed through
// the job progress until the pulled messages are listed with their inquiry and attachment.

let t: TestApp;
let peer: ImapPeer;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'mail.owner@example.com', password: 'Mail-pass-2026', name: 'Mail' };

beforeAll(async () => {
  peer = await startImapPeer();
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 }, allowPrivateFetchForTests: true }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  await saveMailSettings(t, await t.login(), {
    imap_enabled: true,
    imap_host: peer.host,
    imap_port: peer.port,
    imap_security: 'none',
    imap_user: peer.user,
    imap_password: peer.password,
    imap_interval_minutes: 15,
    imap_site_id: site!.id,
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await peer?.stop();
});

describe('the e-mail inbox', () => {
  it('an admin pulls the mailbox now and sees each message with its inquiry and attachment', async () => {
    const bytes = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3366cc' } }).png().toBuffer();
    await peer.append(rawMessage({ from: '"王小明" <wang@buyer.example>', subject: '询价：不锈钢水杯 500 个', text: '请报价，谢谢。', attachment: { name: '图纸.png', type: 'image/png', bytes } }));
    await peer.append(rawMessage({ from: 'Jane Doe <jane@example.org>', subject: 'Catalogue request', html: '<p>Please send your <b>catalogue</b>.</p>' }));

    const { page } = await signIn(browser.browser, t, OWNER, { at: '/InquiryEmail/index' });
    await visible(page.getByTestId('inquiry-email'));
    await containsText(page.getByTestId('mailbox-configured'), '已设置');
    await containsText(page.getByTestId('mailbox-last-pull'), '尚未收取');
    await visible(page.getByTestId('mailbox-empty'));
    await page.getByTestId('mailbox-pull').click();
    const rows = page.getByTestId('mailbox-messages').locator('tbody tr[data-testid^="mailbox-message-"]');
    await countIs(rows, 2);
    await containsText(rows.nth(1), '王小明');
    await containsText(rows.nth(1), '图纸.png');
    await containsText(rows.nth(0), 'Catalogue request');
    await containsText(page.getByTestId('mailbox-last-result'), '新建询盘 2 条');
    const href = await rows.nth(1).getByRole('link', { name: '图纸.png' }).getAttribute('href');
    const downloaded = Buffer.from(await (await fetch(new URL(href!, t.url))).arrayBuffer());
    expect(downloaded.equals(bytes)).toBe(true);
    // The message's inquiry link opens that inquiry on the inquiry screen.
    await rows.nth(1).getByRole('link', { name: /查看询盘/ }).click();
    await visible(page.getByTestId('inquiry-handling'));
    await containsText(page.getByRole('dialog'), '请报价，谢谢。');
    await page.close();
  });

  it('reads well in Chinese and English, on a desktop and a phone, with no serious axe violation', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [1440, 375]) {
        const { page } = await signIn(browser.browser, t, OWNER, { at: '/InquiryEmail/index', width, height: width > 500 ? 900 : 812, lang });
        await visible(page.getByTestId('mailbox-messages').locator('tbody tr[data-testid^="mailbox-message-"]'));
        await visible(page.getByTestId('mailbox-next-pull'));
        await pageSettled(page);
        await saveScreenshot(page, `inquiry-email-${lang}-${width}.png`, { fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
        await page.close();
      }
    }
  });
});
