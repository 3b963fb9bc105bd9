import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertContent } from '../helpers/sites';
import { contents, roles, sites } from '../../server/db/schema/index';
import { ResourceScreen } from './pages/admin';
import { createOwner, signIn } from './pages/owner';
import { ContentEditorScreen } from './pages/content';
import { visible } from './pages/see';

// Issue 16: the keyboard habits of the editors users know. Ctrl/⌘-S saves the form or editor being worked on
// (never the browser's "save page"), Esc closes a dialog without saving.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let contentId = 0;
const OWNER = { account: 'keys-owner@example.com', password: 'Keys-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(sites.id).limit(1);
  const column = await insertColumn(t, site!.id, await insertModel(t), { title: 'Shortcut news' });
  contentId = await insertContent(t, site!.id, column, { title: 'Before the shortcut' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const roleNamed = async (name: string) => (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name))).length;

describe('keyboard shortcuts', () => {
  it('Ctrl-S saves the dialog form being typed in; Esc closes a dialog and saves nothing', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER);
    await shell.go('/Role/index');
    const role = new ResourceScreen(page, 'role');
    await role.waitLoaded();

    await role.startCreating();
    await role.fill('name', 'Made with Ctrl-S');
    await page.keyboard.press('Control+s');
    await role.form().waitFor({ state: 'hidden' });
    await role.seeRow('Made with Ctrl-S');
    expect(await roleNamed('Made with Ctrl-S')).toBe(1);

    await role.startCreating();
    await role.fill('name', 'Escaped');
    await page.keyboard.press('Escape');
    // Something was typed: the unsaved-change guard asks first; leaving discards it.
    await visible(page.getByTestId('confirm-discard'));
    await page.getByTestId('confirm-discard-confirm').click();
    await role.form().waitFor({ state: 'hidden' });
    expect(await roleNamed('Escaped')).toBe(0);
    await page.close();
  });

  it('Ctrl-S in the content editor saves the article (⌘-S too)', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER);
    await shell.go(`/updateContent?id=${contentId}`);
    const editor = new ContentEditorScreen(page);
    await editor.waitLoaded();
    await editor.fillTitle('Saved by the shortcut');
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => (await t.db.select({ title: contents.title }).from(contents).where(eq(contents.id, contentId)))[0]?.title, { timeout: 20_000 })
      .toBe('Saved by the shortcut');
    await editor.fillTitle('Saved by the Mac shortcut');
    await page.keyboard.press('Meta+s');
    await expect
      .poll(async () => (await t.db.select({ title: contents.title }).from(contents).where(eq(contents.id, contentId)))[0]?.title, { timeout: 20_000 })
      .toBe('Saved by the Mac shortcut');
    await page.close();
  });
});
