import type { Locator, Page } from 'playwright-core';

// Web-first assertions for playwright-core (which has no `expect`): each waits until the page agrees.

// An upper bound, not a pace: a passing check returns as soon as the page agrees. It is generous because two
// browser files run side by side on a 2-core machine, where a lazy route's first load can take seconds.
const TIMEOUT = 20_000;

export async function eventually(what: string, check: () => Promise<boolean>, timeout = TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const visible = (l: Locator, timeout = TIMEOUT) => l.first().waitFor({ state: 'visible', timeout });

export const containsText = (l: Locator, text: string) =>
  eventually(`it shows "${text}"`, async () => ((await l.first().textContent()) ?? '').includes(text));

export const countIs = (l: Locator, n: number) => eventually(`there are ${n}`, async () => (await l.count()) === n);

export const titleIs = (page: Page, title: string) => eventually(`the title is "${title}"`, async () => (await page.title()) === title);

/**
 * Waits until the element and everything in it stop animating (dialog and drawer entrances, transitions),
 * so a measurement or a screenshot sees where things end up, whatever the browser's speed.
 */
export async function settled(l: Locator): Promise<void> {
  await l.first().waitFor({ state: 'visible', timeout: TIMEOUT });
  await eventually('it stops moving', async () =>
    l.first().evaluate(async (el) => {
      const running = el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running' || a.pending);
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      // Two frames more: an animation may start on the frame after the element appears.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return el.getAnimations({ subtree: true }).every((a) => a.playState !== 'running' && !a.pending);
    }),
  );
}

/** Every element of the page stops animating (before a full-page screenshot). */
export const pageSettled = (page: Page) => settled(page.locator('body'));
