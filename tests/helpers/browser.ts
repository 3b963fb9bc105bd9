import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium, headless, with a fresh profile and no background networking. */
// playwright gives every launch a fresh temporary profile of its own.
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

export const SCREENSHOT_DIR = path.resolve('tests/.artifacts/screenshots');

/** Screenshots are for people looking at the screens: written by local runs, skipped under CI (set
 *  BANYAN_SCREENSHOTS=1 to force them), so CI spends no time encoding images nobody opens. */
export const SAVE_SCREENSHOTS = process.env.BANYAN_SCREENSHOTS === '1' || (!process.env.CI && process.env.BANYAN_SCREENSHOTS !== '0');

export async function saveScreenshot(page: { screenshot(opts: { path: string; fullPage?: boolean }): Promise<unknown> }, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (SAVE_SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), ...opts });
}
