import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import type { TestApp } from '../../helpers/app';
import { LoginPage, ShellPage } from './admin';
import { eventually, pageSettled, visible } from './see';

// Light and dark, as a user meets them: the system's setting the browser reports, the class the admin puts
// on <html>, how dark the page really is, the switch in the personal center, and axe's contrast verdict.

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Scheme = 'light' | 'dark';

/** A fresh page whose system (the browser's `prefers-color-scheme`) is `scheme`; page errors fail the test. */
export async function pageIn(browser: Browser, scheme: Scheme): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
}

export async function openLogin(page: Page, t: TestApp) {
  await new LoginPage(page, t.url).open();
}

/** Signs in from the login page already open, and waits for the shell (the personal center closed). */
export async function signInHere(page: Page, t: TestApp, owner: { account: string; password: string }): Promise<ShellPage> {
  await new LoginPage(page, t.url).logIn(owner.account, owner.password);
  const shell = new ShellPage(page, t.url);
  await shell.waitReady();
  await shell.closePersonalCenter();
  return shell;
}

/** The mode the admin shows: the class on <html>. */
export const shownMode = (page: Page) => page.evaluate(() => document.documentElement.className);

export async function seeMode(page: Page, mode: Scheme) {
  await eventually(`the page is ${mode}`, async () => (await shownMode(page)) === mode);
}

/** The relative luminance (0 black … 1 white) of the body's background as painted. */
export function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const m = /rgba?\(([^)]+)\)/.exec(getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = m![1]!.split(/[\s,/]+/).filter(Boolean).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

/** Chooses a mode in the personal center (opened from the user menu), then closes it without saving. */
export async function chooseInPersonalCenter(page: Page, mode: 'system' | Scheme) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-personal').click();
  const dialog = page.getByTestId('personal-dialog');
  await visible(dialog.getByTestId(`color-mode-${mode}`));
  await dialog.getByTestId(`color-mode-${mode}`).click();
  await eventually(`${mode} is the chosen mode`, async () => (await dialog.getByTestId(`color-mode-${mode}`).getAttribute('aria-checked')) === 'true');
  await dialog.getByRole('button', { name: /取消|Cancel/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Texts axe finds below WCAG AA contrast on the page as it stands (once nothing moves any more). */
export async function contrastFailures(page: Page): Promise<string[]> {
  await pageSettled(page);
  // Evaluated through the DevTools protocol: the admin's CSP refuses an inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations'] }),
  )) as AxeResults;
  return results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? v.help}`));
}
