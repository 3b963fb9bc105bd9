import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs/promises';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { startS3, S3_ACCESS_KEY_ID, S3_SECRET, type S3Peer } from '../helpers/s3';
import { startImapPeer } from '../helpers/imapPeer';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, visible } from './pages/see';
import type { SysSettingsView } from '../../models/sysSettings';

// The system settings screen (/SysSetting/index): an upload limit changed and still there after a
// reload; a bad value refused before it is sent; object storage set up with a write-only secret and
// its connection tested against a real S3-compatible server; the company filled in and the receiving mailbox
// tested against a private Dovecot.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let s3: S3Peer;
const OWNER = { account: 'settings-owner@example.com', password: 'Settings-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  s3 = await startS3();
  await createOwner(t, { ...OWNER, name: 'Settings' });
});
afterAll(async () => {
  await browser?.close();
  await s3?.stop();
  await t?.close();
});

const signedIn = (width = 1440) => signIn(browser.browser, t, OWNER, { at: '/SysSetting/index', width });
const stored = async () => (await t.client(await t.login(OWNER.account, OWNER.password)).get<SysSettingsView>('/sysSetting/index')).data;

async function openSettings(page: Page) {
  await visible(page.getByTestId('page-sysSetting'));
  await visible(page.getByTestId('sys-image-max_kb'));
}

describe('system settings, as a super-admin', () => {
  it('an admin changes the image size limit and formats, and sees them kept after a reload', async () => {
    const { page } = await signedIn();
    await openSettings(page);
    const save = page.getByTestId('sys-upload-save');
    // Nothing changed yet: nothing to save.
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('sys-image-max_kb').fill('3072');
    await page.getByTestId('sys-image-formats').fill('jpg, PNG；webp');
    await save.click();
    await visible(page.getByText('保存成功'));
    await eventually('the server keeps the new limit', async () => (await stored()).upload.image.max_kb === 3072);
    expect((await stored()).upload.image.formats).toEqual(['jpg', 'png', 'webp']);

    await page.reload();
    await openSettings(page);
    await expect.poll(() => page.getByTestId('sys-image-max_kb').inputValue(), { timeout: 20_000 }).toBe('3072');
    await expect.poll(() => page.getByTestId('sys-image-formats').inputValue(), { timeout: 20_000 }).toBe('jpg, png, webp');
    await page.close();
  });

  it('a chunk size below the minimum is refused before it is sent', async () => {
    const { page } = await signedIn();
    await openSettings(page);
    const before = (await stored()).upload.chunk_size;
    await page.getByTestId('sys-chunk_size').fill('10');
    await page.getByTestId('sys-upload-save').click();
    await visible(page.getByTestId('sys-chunk_size-error'));
    expect((await stored()).upload.chunk_size).toBe(before);
    await page.close();
  });

  it('an admin sets up object storage: the secret is never shown back, and the connection test reaches the bucket', async () => {
    const { page } = await signedIn();
    await openSettings(page);
    await visible(page.getByTestId('sys-storage-local'));
    const peer = s3.settings('aliyun');
    await page.getByTestId('sys-method').selectOption('aliyun');
    await page.getByTestId('sys-access_key_id').fill(S3_ACCESS_KEY_ID);
    await page.getByTestId('sys-secret_access_key').fill(S3_SECRET);
    await page.getByTestId('sys-region').fill(peer.region || 'us-east-1');
    await page.getByTestId('sys-bucket').fill(peer.bucket);
    await page.getByTestId('sys-endpoint').fill(peer.endpoint);
    await page.getByTestId('sys-root_url').fill(peer.root_url);
    if (peer.protocol === 'http') await page.getByTestId('sys-protocol').selectOption('http');

    // A wrong bucket fails with the server's reason; fixing it clears the stale answer.
    await page.getByTestId('sys-bucket').fill('no-such-bucket');
    await page.getByTestId('sys-storage-test').click();
    await visible(page.getByTestId('sys-storage-test-result'));
    await containsText(page.getByTestId('sys-storage-test-result'), '连接失败');
    await page.getByTestId('sys-bucket').fill(peer.bucket);
    await eventually('the stale answer is gone', async () => (await page.getByTestId('sys-storage-test-result').count()) === 0);
    await page.getByTestId('sys-storage-test').click();
    await containsText(page.getByTestId('sys-storage-test-result'), '连接成功');

    await page.getByTestId('sys-storage-save').click();
    await eventually('the server keeps the storage method', async () => (await stored()).storage?.method === 'aliyun');
    const storage = (await stored()).storage!;
    expect(storage).toMatchObject({ secret_access_key: '', secret_set: true, bucket: peer.bucket });

    await page.reload();
    await openSettings(page);
    const secret = page.getByTestId('sys-secret_access_key');
    await visible(secret);
    await expect.poll(() => secret.inputValue(), { timeout: 20_000 }).toBe('');
    expect(await secret.getAttribute('data-secret-set')).toBe('true');
    await containsText(page.getByTestId('sys-group-storage'), '已设置（留空则保持不变）');
    expect(await page.content()).not.toContain(S3_SECRET);
    // Saved again with the secret left empty: the stored one is kept and still works.
    await page.getByTestId('sys-storage-test').click();
    await containsText(page.getByTestId('sys-storage-test-result'), '连接成功');
    await page.close();
  });

  it('the footer saved here shows in the shell at once', async () => {
    const { page } = await signedIn();
    await openSettings(page);
    await page.getByTestId('sys-copyright').fill('© 2026 榕树网络');
    await page.getByTestId('sys-site-save').click();
    await eventually('the server keeps the copyright', async () => (await stored()).site.copyright === '© 2026 榕树网络');
    await containsText(page.getByTestId('footer'), '© 2026 榕树网络');
    await page.close();
  });

  it('an admin fills in the company, and tests the receiving mailbox with the answer in a toast', async () => {
    const imap = await startImapPeer();
    try {
      const { page } = await signedIn();
      await openSettings(page);
      // A phone with letters is refused before it is sent.
      await page.getByTestId('sys-name').fill('榕树网络科技');
      await page.getByTestId('sys-phone').fill('call me');
      await page.getByTestId('sys-company-save').click();
      await containsText(page.getByTestId('sys-phone-error'), '数字');
      await page.getByTestId('sys-phone').fill('+86 571 8888-6666');
      await page.getByTestId('sys-company-save').click();
      await eventually('the server keeps the company', async () => (await stored()).company.phone === '+86 571 8888-6666');
      expect((await stored()).company.name).toBe('榕树网络科技');

      await page.getByTestId('sys-imap_host').fill(imap.host);
      await page.getByTestId('sys-imap_port').fill(String(imap.port));
      await page.getByTestId('sys-imap_security').selectOption('none');
      await page.getByTestId('sys-imap_user').fill(imap.user);
      await page.getByTestId('sys-imap_password').fill('Wrong-Password-1');
      await page.getByTestId('sys-imap-test').click();
      await containsText(page.getByTestId('toast-error'), '登录被拒绝');
      await page.getByTestId('sys-imap_password').fill(imap.password);
      await page.getByTestId('sys-imap-test').click();
      await containsText(page.getByTestId('toast-success'), '连接成功');
      await page.close();
    } finally {
      await imap.stop();
    }
  });
});

describe('system settings on a phone and a desktop, in both languages', () => {
  it('the screen fits 375 px and 1440 px in Chinese and English', async () => {
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [1440, 375]) {
        const { page, shell } = await signedIn(width);
        if (lang === 'en') await shell.switchLanguage('en');
        await openSettings(page);
        await visible(page.getByTestId('sys-secret_access_key'));
        const overflow = await page.getByTestId('page-sysSetting').evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        await saveScreenshot(page, `settings-${lang}-${width}.png`);
        await saveScreenshot(page.getByTestId('sys-group-storage'), `settings-storage-${lang}-${width}.png`);
        await page.close();
      }
    }
  });
});
