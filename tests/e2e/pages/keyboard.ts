import type { Locator, Page } from 'playwright-core';

// A user without a mouse: Tab and Shift-Tab move the focus, Enter, Space, Esc and the arrow keys act. Where the
// focus is, whether Tab reaches an element, and whether the focused element shows a ring.

/** The focused element's data-testid (or its tag and label when it has none). */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    return el.dataset.testid ?? `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}]`;
  });
}

/** Whether `target` holds the focus (or is inside what holds it, for a field wrapped in a label). */
export function holdsFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/**
 * Presses Tab (or Shift-Tab) until `target` has the focus, as a keyboard user would; fails after `max` presses
 * with where the focus went.
 */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < (opts.max ?? 80); i += 1) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    seen.push(await focusedName(page));
  }
  throw new Error(`Tab never reached ${target}; the focus went through: ${seen.join(' → ')}`);
}

export interface Reachability {
  /** Interactive elements on the page that Tab never focused. */
  unreached: string[];
  /** Elements Tab focused that showed no ring (their outline and box-shadow as when not focused). */
  noRing: string[];
  /** How many interactive elements were checked, and how many Tab presses it took. */
  checked: number;
  presses: number;
}

/**
 * Tabs through the whole page once (until the focus comes back to where it first landed) and checks every
 * visible interactive element is reached and shows a focus ring: its computed outline or box-shadow (or, for
 * a visually hidden input such as a checkbox's, its control's) differs from when it is not focused. Elements
 * a widget reaches with the arrow keys instead (tabindex="-1", the other radios of a group) are not Tab stops.
 */
export async function checkTabReachability(page: Page): Promise<Reachability> {
  await page.mouse.move(0, 0);
  const checked = await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    const SELECTOR =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"], [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="combobox"], [role="treeitem"], [role="option"]';
    const hiddenInput = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width <= 2 || r.height <= 2;
    };
    // The element whose look shows focus: a visually hidden input shows it on its control (Chakra's parts).
    const shownBy = (el: Element): Element[] => (hiddenInput(el) && el.parentElement ? [el.parentElement, ...el.parentElement.children].filter((e) => e !== el) : [el]);
    const ring = (el: Element) =>
      shownBy(el)
        .map((e) => {
          const s = getComputedStyle(e);
          const outline = s.outlineStyle === 'none' || s.outlineWidth === '0px' ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.outlineOffset}`;
          return `${outline}|${s.boxShadow}`;
        })
        .join(';');
    (window as unknown as { __ring: typeof ring }).__ring = ring;
    const radioGroups = new Set<string>();
    let n = 0;
    for (const el of document.querySelectorAll<HTMLElement>(SELECTOR)) {
      if (el.closest('[hidden], [inert], [aria-hidden="true"]') || !el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue;
      if ((el as HTMLButtonElement).disabled || el.getAttribute('tabindex') === '-1' || el.closest('fieldset[disabled]')) continue;
      if (!el.getClientRects().length) continue;
      // The current page's crumb is a label (Chakra marks it role="link" aria-current="page"), not a control.
      if (el.matches('[role="link"][aria-current="page"]:not([href])')) continue;
      if (el instanceof HTMLInputElement && el.type === 'radio') {
        const group = `${el.form?.id ?? ''}:${el.name}`;
        if (el.name && radioGroups.has(group)) continue;
        radioGroups.add(group);
        el.dataset.kbGroup = group;
      }
      el.dataset.kb = String(n++);
      el.dataset.kbRing = ring(el);
    }
    return n;
  });

  const reached = new Set<string>();
  const noRing: string[] = [];
  let first: string | null = null;
  let presses = 0;
  for (; presses < checked * 2 + 40; presses += 1) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // A focused radio stands for its group.
      const group = el instanceof HTMLInputElement && el.type === 'radio' ? document.querySelector<HTMLElement>(`[data-kb-group="${CSS.escape(`${el.form?.id ?? ''}:${el.name}`)}"]`) : null;
      const key = group?.dataset.kb ?? el.dataset.kb ?? `unlisted:${el.dataset.testid ?? el.tagName}`;
      // A ring drawn with a transition: read it once the transition has run.
      const transitions = (el.parentElement ?? el).getAnimations({ subtree: true }).filter((a) => a instanceof CSSTransition);
      await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
      const ring = (window as unknown as { __ring: (e: Element) => string }).__ring(el);
      const before = (group ?? el).dataset.kbRing;
      return { key, ringless: before !== undefined && ring === before, name: el.dataset.testid ?? `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}]` };
    });
    if (!at) continue;
    if (at.key === first) break;
    first ??= at.key;
    if (reached.has(at.key)) continue;
    reached.add(at.key);
    if (at.ringless) noRing.push(at.name);
  }
  const unreached = await page.evaluate((seen) => {
    return [...document.querySelectorAll<HTMLElement>('[data-kb]')]
      .filter((el) => !seen.includes(el.dataset.kb!))
      .map((el) => el.dataset.testid ?? `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}]`);
  }, [...reached]);
  return { unreached, noRing, checked, presses };
}
