import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { insertColumn, insertModel, PNG_1X1 } from '../helpers/contentFixtures';
import { insertContent } from '../helpers/sites';
import { contents, sites } from '../../server/db/schema/index';
import { LoginPage, ShellPage } from './pages/admin';
import { createOwner } from './pages/owner';
import { ContentEditorScreen } from './pages/content';
import { visible } from './pages/see';

// Issue 15: the admin works under its Content-Security-Policy. A user logs in, sees the dashboard and opens
// a content edit screen (rich-text editor, an image, styled text) while every CSP report of the browser is
// collected, from the console and from `securitypolicyviolation` events: there must be none. A control
// (an inline script injected into the page) shows the policy is really enforced and the collector hears it.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let contentId = 0;
const OWNER = { account: 'csp-owner@example.com', password: 'Csp-pass-2026' };

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'CSP' });
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(sites.id).limit(1);
  const column = await insertColumn(t, site!.id, await insertModel(t), { title: 'CSP news' });
  contentId = await insertContent(t, site!.id, column, { title: 'Styled article' });
  // An uploaded image and a styled span: what the editor shows from a stored body.
  await fs.mkdir(path.join(t.dataDir, 'uploads', 'csp'), { recursive: true });
  await fs.writeFile(path.join(t.dataDir, 'uploads', 'csp', 'dot.png'), PNG_1X1);
  await t.db
    .update(contents)
    .set({ body: '<p><span style="color: #e03e2d">Red words</span></p><p><img src="/uploads/csp/dot.png" alt="dot"></p>' })
    .where(eq(contents.id, contentId));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A page whose CSP reports (console and securitypolicyviolation events) land in `violations`. */
async function watchedPage(): Promise<{ page: Page; violations: Violation[]; consoleReports: string[] }> {
  const page = await browser.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const violations: Violation[] = [];
  const consoleReports: string[] = [];
  page.on('pageerror', (e) => {
    throw e;
  });
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) consoleReports.push(msg.text());
  });
  await page.exposeFunction('__reportCspViolation', (v: Violation) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: e.sourceFile,
      });
    });
  });
  return { page, violations, consoleReports };
}

describe('the admin under its Content-Security-Policy', () => {
  it('an admin logs in, sees the dashboard and edits content without a single CSP violation', async () => {
    const { page, violations, consoleReports } = await watchedPage();

    const login = new LoginPage(page, t.url);
    const response = await page.goto(`${t.url}/admin/login`);
    // The page is really under the policy (no policy would mean no violations to see).
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('login-page').waitFor();
    await login.logIn(OWNER.account, OWNER.password);
    const shell = new ShellPage(page, t.url);
    await shell.waitReady();
    await shell.closePersonalCenter();
    await visible(page.getByTestId('dashboard'));

    await shell.go(`/updateContent?id=${contentId}`);
    await shell.waitReady();
    const editor = new ContentEditorScreen(page);
    await editor.waitLoaded();
    const image = page.locator('img[alt="dot"]').first();
    await visible(image);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img[alt="dot"]')].some((i) => i.complete && i.naturalWidth > 0));
    await visible(page.getByText('Red words').first());

    expect(violations).toEqual([]);
    expect(consoleReports).toEqual([]);

    // Control: an inline script is refused, and the refusal is heard on both channels.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.appendChild(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.map((v) => v.directive)).toContain('script-src-elem');
    await expect.poll(() => consoleReports.length).toBeGreaterThan(0);
    await page.close();
  });
});
