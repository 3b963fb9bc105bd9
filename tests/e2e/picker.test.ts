import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import fs from 'node:fs/promises';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { uploadFile, type Caller } from '../helpers/attachmentFixtures';
import { createOwner, signIn } from './pages/owner';
import { PickerDialog } from './pages/picker';
import { containsText, eventually, settled, visible } from './pages/see';
import { attachments, sites, slides } from '../../server/db/schema/index';

// The attachment picker (issue 4): an image chosen from the library into a slide's image field, one
// image at most; a category narrows the library; a file uploaded from the picker and a network address
// added in it are chosen at once (the site logo).

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let caller: Caller;
let bannerCate: number;
const OWNER = { account: 'picker-owner@example.com', password: 'Picker-pass-2026' };

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Picker' });
  const [site] = await t.db.select().from(sites).orderBy(sites.id).limit(1);
  caller = { token: await t.login(OWNER.account, OWNER.password), siteId: site!.id };
  const cate = await t.client(caller.token, { siteId: caller.siteId }).post<{ id: number }>('/attachmentCate/save', { parent_id: 0, title: '横幅' });
  expect(cate.code).toBe(0);
  bannerCate = cate.data.id;
  for (const [name, bytes, cateId] of [
    ['red.png', await png(220, 40, 40), 0],
    ['blue.png', await png(40, 80, 220), bannerCate],
  ] as const) {
    const res = await uploadFile(t, caller, { name, bytes, mime: 'image/png' }, { type: 2, attachment_cate_id: cateId });
    expect(res.code, res.msg).toBe(0);
  }
  // Not an image: the image picker never lists it.
  const doc = await uploadFile(t, caller, { name: 'notes.txt', bytes: new TextEncoder().encode('plain notes'), mime: 'text/plain' }, { type: 1 });
  expect(doc.code, doc.msg).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const urlOf = async (name: string) => (await t.db.select().from(attachments).where(eq(attachments.name, name)))[0]!.url;
const signedIn = (opts: { at?: string; width?: number } = {}) => signIn(browser.browser, t, OWNER, opts);

async function openSlideForm(page: Page, shell: Awaited<ReturnType<typeof signedIn>>['shell']) {
  await shell.openTopMenu('website');
  await shell.openMenu('slideCate');
  await visible(page.getByTestId('page-slideCate'));
  await page.getByTestId('page-slideCate').getByTestId('create').click();
  const groupForm = page.getByTestId('form-slideCate');
  await groupForm.getByTestId('field-name').fill('首页轮播');
  await groupForm.getByTestId('field-key').fill('home_banner');
  await groupForm.getByTestId('form-submit').click();
  await groupForm.waitFor({ state: 'hidden' });
  await page.getByTestId('table-slideCate').locator('tbody tr', { hasText: '首页轮播' }).getByRole('button', { name: '管理幻灯片' }).click();
  const drawer = page.getByTestId('slides-drawer');
  await visible(drawer);
  await drawer.getByTestId('create').click();
  const form = page.getByTestId('form-slide');
  await visible(form);
  return form;
}

describe('the attachment picker, as an editor', () => {
  it('an editor picks one image from the library into a slide, and cannot pick a second', async () => {
    const { page, shell } = await signedIn();
    const form = await openSlideForm(page, shell);
    await form.getByTestId('field-title').fill('来自附件库');
    await form.getByTestId('field-image-choose').click();

    const picker = new PickerDialog(page);
    await picker.waitOpen();
    await containsText(picker.root, '选择图片');
    // Images only, all categories.
    await picker.seeItems(['red.png', 'blue.png']);
    // A category narrows the library to its own files.
    await picker.openCategory(bannerCate);
    await picker.seeItems(['blue.png']);
    await picker.openCategory(0);
    await picker.seeItems(['red.png', 'blue.png']);

    await picker.choose('red.png');
    await picker.seeChosenCount('已选 1 / 1');
    // The second image is refused with the spec's message; the first stays chosen.
    await picker.choose('blue.png');
    await visible(page.getByText('最多只能选择一张图片'));
    expect(await picker.isChosen('blue.png')).toBe(false);
    expect(await picker.isChosen('red.png')).toBe(true);
    await picker.seeChosenCount('已选 1 / 1');
    await picker.confirm();

    const red = await urlOf('red.png');
    await expect.poll(() => form.getByTestId('field-image').inputValue(), { timeout: 20_000 }).toBe(red);
    await visible(form.getByTestId('field-image-preview'));
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'hidden' });
    await eventually('the slide is stored with the chosen image', async () => {
      const [slide] = await t.db.select().from(slides).where(eq(slides.title, '来自附件库'));
      return slide?.image === red;
    });
    await page.close();
  });

  it('a file uploaded from the picker and a network address added in it are chosen at once (site logo)', async () => {
    const { page } = await signedIn({ at: '/WebsiteSetting/index' });
    await visible(page.getByTestId('page-websiteSetting'));
    const logo = page.getByTestId('setting-logo');
    await visible(logo);
    await page.getByTestId('setting-logo-choose').click();
    const picker = new PickerDialog(page);
    await picker.waitOpen();
    await picker.seeItems(['red.png', 'blue.png']);
    await picker.upload({ name: 'logo-green.png', mimeType: 'image/png', buffer: await png(40, 180, 90) });
    await eventually('the upload finishes', async () => (await picker.root.getByTestId('picker-upload-row').getAttribute('data-phase')) === 'done');
    await picker.seeItems(['red.png', 'blue.png', 'logo-green.png']);
    expect(await picker.isChosen('logo-green.png')).toBe(true);
    await picker.confirm();
    await expect.poll(() => logo.inputValue(), { timeout: 20_000 }).toBe(await urlOf('logo-green.png'));

    // A network address: name and address required, then saved and chosen.
    await page.getByTestId('setting-logo-choose').click();
    await picker.waitOpen();
    await picker.root.getByTestId('picker-network-open').click();
    await picker.root.getByTestId('picker-network-save').click();
    await visible(picker.root.getByTestId('picker-network-url-error'));
    await picker.root.getByTestId('picker-network-name').fill('CDN 标志');
    await picker.root.getByTestId('picker-network-url').fill('https://cdn.example.com/logo.svg');
    await picker.root.getByTestId('picker-network-save').click();
    await visible(picker.root.getByTestId('picker-grid'));
    await picker.seeChosenCount('已选 1 / 1');
    await picker.confirm();
    await expect.poll(() => logo.inputValue(), { timeout: 20_000 }).toBe('https://cdn.example.com/logo.svg');
    const [network] = await t.db.select().from(attachments).where(eq(attachments.name, 'CDN 标志'));
    expect(network).toMatchObject({ url: 'https://cdn.example.com/logo.svg', storage: 5, type: 2 });
    await page.close();
  });
});

describe('the attachment picker, on a phone and a desktop, in both languages', () => {
  it('the picker fits 375 px and 1440 px screens in Chinese and English', async () => {
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [1440, 375]) {
        const { page, shell } = await signedIn({ at: '/WebsiteSetting/index', width });
        if (lang === 'en') await shell.switchLanguage('en');
        await visible(page.getByTestId('setting-logo-choose'));
        await page.getByTestId('setting-logo-choose').click();
        const picker = new PickerDialog(page);
        await picker.waitOpen();
        await picker.seeItems(['red.png', 'blue.png', 'logo-green.png', 'CDN 标志']);
        await picker.choose('red.png');
        await settled(picker.root);
        // Nothing spills past the dialog sideways.
        const overflow = await picker.root.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        await saveScreenshot(page, `picker-${lang}-${width}.png`);
        await page.close();
      }
    }
  });
});
