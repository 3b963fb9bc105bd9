import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import type { AxeResults, ImpactValue } from 'axe-core';
import { pageSettled } from './see';

// What a user relying on contrast, a screen reader or a narrow window meets: WCAG contrast of a text, axe's
// verdict on a page, and whether the top bar fits its width on one row.

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING: ImpactValue[] = ['serious', 'critical'];

export interface Violation {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  targets: string[];
}

/** Axe's serious and critical violations on the page as it stands (once nothing moves any more). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await pageSettled(page);
  // Evaluated through the DevTools protocol rather than added as an inline <script>, which the admin's
  // Content-Security-Policy (script-src 'self') refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, { resultTypes: ['violations'] }),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact && BLOCKING.includes(v.impact))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * The WCAG 2 contrast ratio of an element's text against what is really behind it: the background colours of
 * the element and its ancestors, composited from the page's white canvas upwards.
 */
export function contrastRatio(l: Locator): Promise<number> {
  return l.first().evaluate((el) => {
    const parse = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) throw new Error(`unknown colour ${c}`);
      const [r, g, b, a = 1] = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      return [r!, g!, b!, a];
    };
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!));
    const layers: Array<[number, number, number, number]> = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let behind = [255, 255, 255];
    for (const layer of layers.reverse()) behind = over(layer, behind);
    const text = over(parse(getComputedStyle(el).color), behind);
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [hi, lo] = [luminance(text), luminance(behind)].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

export interface RowFit {
  scrollWidth: number;
  clientWidth: number;
  /** Items that stick out of the bar, overlap the item before them or sit on another row. */
  misplaced: string[];
}

/**
 * How the top bar's visible items sit: inside the bar, each after the one before it, all on one row
 * (their vertical ranges overlap one another), and the same for the buttons of the top menu.
 */
export function topBarFit(page: Page): Promise<RowFit> {
  return page.getByTestId('top-bar').evaluate((bar) => {
    const misplaced: string[] = [];
    const name = (el: Element) => el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.tagName.toLowerCase();
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const checkRow = (container: Element) => {
      const box = container.getBoundingClientRect();
      let previous: DOMRect | null = null;
      for (const item of Array.from(container.children).filter(shown)) {
        const r = item.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) misplaced.push(`${name(item)} sticks out`);
        if (previous && (r.left < previous.right - 0.5 || r.top >= previous.bottom || r.bottom <= previous.top)) misplaced.push(`${name(item)} is not after the item before it on the same row`);
        if (item.scrollWidth > item.clientWidth + 1) misplaced.push(`${name(item)} overflows itself`);
        previous = r;
      }
    };
    checkRow(bar);
    for (const group of Array.from(bar.querySelectorAll('[data-testid="top-menu"], [data-testid="top-actions"]'))) checkRow(group);
    return { scrollWidth: bar.scrollWidth, clientWidth: bar.clientWidth, misplaced };
  });
}
