import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { ResourceScreen } from './pages/admin';
import { createOwner, signIn } from './pages/owner';
import { containsText, countIs, eventually, visible } from './pages/see';

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
/** A super-admin who already chose their own password (no change prompt on each page load). */
const OWNER = { account: 'marketer@example.com', password: 'Market-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Marketer' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const signedIn = () => signIn(browser.browser, t, OWNER);

/** The row of a table that shows this text. */
const rowWith = (page: Page, table: string, text: string) => page.getByTestId(table).locator('tbody tr', { hasText: text });

describe('tags, slides, ads and the recycle bin, as an editor', () => {
  it('an editor creates a tag, a slide group with a slide and an ad, deletes the tag and restores it from the recycle bin', async () => {
    const { page, shell } = await signedIn();

    // A tag.
    await shell.openTopMenu('website');
    await shell.openMenu('tag');
    const tags = new ResourceScreen(page, 'tag');
    await visible(page.getByTestId('page-tag'));
    await tags.startCreating();
    await tags.fill('name', '前端开发');
    await tags.save();
    await tags.seeRow('前端开发');
    await containsText(rowWith(page, 'table-tag', '前端开发'), 'qian-duan-kai-fa');

    // A slide group, and a slide in it from the group's drawer.
    await shell.openMenu('slideCate');
    const groups = new ResourceScreen(page, 'slideCate');
    await visible(page.getByTestId('page-slideCate'));
    await groups.startCreating();
    await groups.fill('name', '首页轮播');
    await groups.fill('key', 'home_banner');
    await groups.save();
    await groups.seeRow('首页轮播');
    await rowWith(page, 'table-slideCate', '首页轮播').getByRole('button', { name: '管理幻灯片' }).click();
    const drawer = page.getByTestId('slides-drawer');
    await visible(drawer);
    await containsText(drawer, '幻灯片 · 首页轮播');
    await drawer.getByTestId('create').click();
    const slideForm = page.getByTestId('form-slide');
    await visible(slideForm);
    await expect.poll(() => slideForm.getByTestId('field-cate_id').inputValue(), { timeout: 20_000 }).not.toBe('');
    await slideForm.getByTestId('field-title').fill('新年第一张');
    await slideForm.getByTestId('field-image').fill('javascript:alert(1)');
    await slideForm.getByTestId('form-submit').click();
    await containsText(slideForm.getByTestId('field-image-error'), '请输入以 http:// 或 https:// 开头的网址');
    await slideForm.getByTestId('field-image').fill('/uploads/banner-1.jpg');
    await slideForm.getByTestId('form-submit').click();
    await slideForm.waitFor({ state: 'hidden' });
    await containsText(drawer.getByTestId('table-slide'), '新年第一张');
    await page.getByTestId('slides-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    // The group now counts its slide.
    const count = rowWith(page, 'table-slideCate', '首页轮播').locator('[data-testid^="slide-count-"]');
    await eventually('the group counts one slide', async () => ((await count.textContent()) ?? '').trim() === '1');

    // An image ad running from today.
    await shell.openMenu('advertisement');
    const ads = new ResourceScreen(page, 'ad');
    await visible(page.getByTestId('page-ad'));
    await ads.startCreating();
    await ads.fill('position', 'home-top');
    await ads.fill('title', '春节促销');
    await ads.fill('image', 'https://cdn.example.com/spring.png');
    await ads.fill('link', '/promo');
    await ads.save();
    await ads.seeRow('春节促销');
    await containsText(rowWith(page, 'table-ad', '春节促销'), '投放中');

    // Delete the tag: it goes to the recycle bin.
    await shell.openMenu('tag');
    await visible(rowWith(page, 'table-tag', '前端开发'));
    await rowWith(page, 'table-tag', '前端开发').getByRole('button', { name: '删除' }).click();
    // At once, without a confirm: the toast offers an undo.
    await visible(page.getByTestId('toast-action'));
    await countIs(rowWith(page, 'table-tag', '前端开发'), 0);

    // Restore it from the bin.
    await shell.openTopMenu('system');
    await shell.openMenu('recycleBin');
    await visible(page.getByTestId('page-recycleBin'));
    const binned = rowWith(page, 'table-recycleBin', '前端开发');
    await visible(binned);
    await containsText(binned, '标签');
    await containsText(binned, 'Marketer');
    await binned.getByRole('button', { name: '恢复' }).click();
    await containsText(page.getByTestId('confirm-bin'), '确定要恢复这 1 条记录吗');
    await page.getByTestId('confirm-bin-confirm').click();
    await countIs(rowWith(page, 'table-recycleBin', '前端开发'), 0);

    // The tag list is a cached tab: refreshing it shows the tag back.
    await shell.openTopMenu('website');
    await shell.openMenu('tag');
    await page.getByTestId('page-tag').getByRole('button', { name: '刷新' }).click();
    await visible(rowWith(page, 'table-tag', '前端开发'));
    await page.close();
  });
});
