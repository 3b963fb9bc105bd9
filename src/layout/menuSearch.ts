import type { MenuItem } from '../../models/menu';
import { firstPage, visibleChildren } from './menuModel';

// The menu search (top bar and Ctrl/⌘-K): every screen the signed-in admin's menu holds, found by its title in
// either language, its whole pinyin or its initials (`nrgl` finds 内容管理). Pure: the views pass the menu, a way
// to read a title in each language and the pinyin table; groups open on their first page.

export interface PaletteEntry {
  /** Where choosing the entry goes. */
  path: string;
  /** The title in the interface language. */
  title: string;
  /** The titles of the groups above it, top first, in the interface language. */
  trail: string[];
  /** Lower-case, space-free forms the query is matched against. */
  keys: string[];
}

export interface TitleReader {
  /** The title in the interface language. */
  shown(title: string): string;
  /** The title in Chinese and in English (the same literal for titles that are not catalog keys). */
  zh(title: string): string;
  en(title: string): string;
  /** Whole pinyin and initials of a Chinese title, when known. */
  pinyin(zhTitle: string): readonly [string, string] | undefined;
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** Every page and group of the menu the admin may open, in menu order. */
export function paletteEntries(menu: readonly MenuItem[], read: TitleReader): PaletteEntry[] {
  const out: PaletteEntry[] = [];
  const seen = new Set<string>();
  const add = (item: MenuItem, path: string | undefined, trail: string[]) => {
    if (!path || seen.has(`${path}\n${item.title}`)) return;
    seen.add(`${path}\n${item.title}`);
    const zh = read.zh(item.title);
    const keys = [read.shown(item.title), zh, read.en(item.title), ...(read.pinyin(zh) ?? [])].map(squash).filter(Boolean);
    out.push({ path, title: read.shown(item.title), trail, keys: [...new Set(keys)] });
  };
  const visit = (items: readonly MenuItem[], trail: string[]) => {
    for (const item of items) {
      const children = visibleChildren(item);
      if (children.length) {
        add(item, firstPage(item), trail);
        visit(children, [...trail, read.shown(item.title)]);
      } else if (!item.hidden && item.path && !item.is_dynamic) {
        add(item, item.path, trail);
      }
    }
  };
  visit(menu, []);
  return out;
}

/**
 * The entries the query finds, best first: a title, pinyin or initials that starts with the query before one that
 * merely contains it, menu order within each. An empty query finds nothing.
 */
export function searchPalette(entries: readonly PaletteEntry[], query: string, limit = 20): PaletteEntry[] {
  const q = squash(query);
  if (!q) return [];
  const ranked: { entry: PaletteEntry; rank: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const rank = entry.keys.some((k) => k.startsWith(q)) ? 0 : entry.keys.some((k) => k.includes(q)) ? 1 : -1;
    if (rank >= 0) ranked.push({ entry, rank, order });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((r) => r.entry);
}
