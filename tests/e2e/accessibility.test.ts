import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, saveScreenshot } from '../helpers/browser';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { sites } from '../../server/db/schema/index';
import { MOBILE_BREAKPOINT_PX } from '../../models/constants';
import { ResourceScreen } from './pages/admin';
import { createOwner, signIn } from './pages/owner';
import { contrastRatio, seriousViolations, topBarFit } from './pages/accessibility';
import { containsText, countIs, eventually, pageSettled, settled, visible } from './pages/see';

// Issue 18: the shell seen from outside: a top bar that fits every width, a readable site switcher in the
// phone drawer, and no serious or critical axe violation on the dashboard, a list and the content editor.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let column: number;
const OWNER = { account: 'reader@example.com', password: 'Reader-pass-2026', name: 'Alexandra Montgomery-Smith' };
const LANGS = ['zh', 'en'] as const;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  column = await insertColumn(t, site!.id, await insertModel(t, [{ name: 'price', title: 'Price', type: 'number' }]), { title: 'News' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const signedIn = (lang: 'zh' | 'en', width: number, at = '/') => signIn(browser.browser, t, OWNER, { lang, width, height: width > 400 ? 900 : 812, at });
const shot = (page: Page, name: string) => saveScreenshot(page, `a11y-${name}.png`);

/** The shell's layout follows the width (after the resize watch's pause): the top menu is there on wide screens only. */
async function layoutFollows(page: Page, width: number) {
  if (width < MOBILE_BREAKPOINT_PX) await countIs(page.getByTestId('top-menu'), 0);
  else await visible(page.getByTestId('top-menu'));
}

describe('the top bar fits the window', () => {
  const widths = [375, ...Array.from({ length: (1100 - 960) / 8 + 1 }, (_, i) => 960 + i * 8), 1440];
  for (const lang of LANGS) {
    it(`in ${lang}, the top bar keeps its items on one row without overflowing at every width`, async () => {
      const { page } = await signedIn(lang, 1440);
      await visible(page.getByTestId('stat-sites'));
      const failures: Array<{ width: number; overflow: number; misplaced: string[] }> = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await layoutFollows(page, width);
        let fit = await topBarFit(page);
        const fits = () => fit.scrollWidth <= fit.clientWidth && fit.misplaced.length === 0;
        // Whatever follows the width settles within the resize watch's pause.
        await eventually(`the top bar fits at ${width} px`, async () => fits() || ((fit = await topBarFit(page)), fits()), 2_000).catch(() => undefined);
        if (!fits()) failures.push({ width, overflow: fit.scrollWidth - fit.clientWidth, misplaced: fit.misplaced });
        if ([1000, 1440].includes(width)) await shot(page, `topbar-${lang}-${width}`);
      }
      expect(failures).toEqual([]);
      await page.close();
    });
  }
});

describe('the client under test', () => {
  it('is the production build users get (React\'s production bundle, not the development one a test NODE_ENV would give)', async () => {
    const index = await (await fetch(`${t.url}/admin/`)).text();
    const entry = /<script[^>]+src="([^"]+\.js)"/.exec(index)?.[1];
    expect(entry).toBeDefined();
    const code = await (await fetch(new URL(entry!, `${t.url}/admin/`))).text();
    expect(code).toContain('Minified React error');
  });
});

describe('the phone drawer', () => {
  for (const lang of LANGS) {
    it(`in ${lang}, the site switcher in the phone drawer is readable (contrast at least 4.5:1)`, async () => {
      const { page } = await signedIn(lang, 375);
      await page.getByTestId('sidebar-toggle').click();
      await settled(page.getByTestId('mobile-drawer'));
      await shot(page, `drawer-${lang}-375`);
      expect(await contrastRatio(page.getByTestId('mobile-drawer').getByTestId('site-switcher'))).toBeGreaterThanOrEqual(4.5);
      // The open drawer as a whole passes axe too.
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  }
});

describe('axe finds nothing serious', () => {
  // Issue 16: login, dashboard, content list, content edit, attachments, audit and settings in both languages (the
  // first three at a phone's width as well).
  const screens: Array<{ name: string; at: string; phone?: boolean; ready: (page: Page) => Promise<void> }> = [
    { name: 'dashboard', at: '/', phone: true, ready: (page) => containsText(page.getByTestId('stat-sites').locator('dd'), '1') },
    { name: 'admin-list', at: '/Admin/index', phone: true, ready: (page) => new ResourceScreen(page, 'admin').waitLoaded() },
    {
      name: 'content-editor',
      at: '/addContent?category_id=COLUMN',
      phone: true,
      ready: async (page) => {
        await visible(page.getByTestId('content-editor'));
        await visible(page.getByTestId('body-editor'));
      },
    },
    { name: 'content-list', at: '/Content/index', ready: (page) => visible(page.getByTestId('page-content')).then(() => pageSettled(page)) },
    { name: 'attachments', at: '/AttachmentCate/index', ready: (page) => visible(page.getByTestId('page-attachments')).then(() => pageSettled(page)) },
    { name: 'audit', at: '/Content/checkList', ready: (page) => visible(page.getByTestId('page-checkList')).then(() => pageSettled(page)) },
    { name: 'settings', at: '/SysSetting/index', ready: (page) => visible(page.getByTestId('page-sysSetting')).then(() => pageSettled(page)) },
  ];
  for (const lang of LANGS) {
    for (const width of [1440, 375]) {
      const here = screens.filter((s) => width > 400 || s.phone);
      it(`in ${lang} at ${width} px, ${width > 400 ? 'the login page and ' : ''}${here.map((s) => s.name).join(', ')} have no serious or critical axe violation`, async () => {
        const found: Record<string, unknown> = {};
        if (width > 400) {
          const page = await browser.browser.newPage({ viewport: { width, height: 900 } });
          await page.addInitScript((l) => localStorage.setItem('language', l), lang);
          await page.goto(`${t.url}/admin/login`);
          await visible(page.getByTestId('login-page'));
          await pageSettled(page);
          const violations = await seriousViolations(page);
          if (violations.length) found.login = violations;
          await page.close();
        }
        for (const screen of here) {
          const { page } = await signedIn(lang, width, screen.at.replace('COLUMN', String(column)));
          await screen.ready(page);
          await shot(page, `${screen.name}-${lang}-${width}`);
          const violations = await seriousViolations(page);
          if (violations.length) found[screen.name] = violations;
          await page.close();
        }
        expect(found).toEqual({});
      });
    }
  }
});
