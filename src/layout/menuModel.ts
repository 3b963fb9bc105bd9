import type { MenuItem } from '../../models/menu';
import { createStore } from '../app/store';

// Pure helpers over the server's menu tree: which top group a page belongs to, the chain of titles
// for the breadcrumb, and the first page a group opens on.

/** The chain from a top group down to the item with this path (guide sub-pages resolve to themselves). */
export function chainTo(menu: readonly MenuItem[], path: string): MenuItem[] {
  for (const item of menu) {
    if (item.path === path) return [item];
    const below = chainTo(item.children, path);
    if (below.length) return [item, ...below];
  }
  return [];
}

/** The path a page highlights in the menu: its guide parent for guide sub-pages, else itself. */
export function highlightPath(menu: readonly MenuItem[], path: string): string {
  const chain = chainTo(menu, path);
  const item = chain[chain.length - 1];
  return item?.guide || path;
}

export function groupOf(menu: readonly MenuItem[], path: string): MenuItem | undefined {
  return chainTo(menu, highlightPath(menu, path))[0];
}

/** Items shown in a menu: hidden pages and empty dynamic groups are left out. */
export function visibleChildren(item: MenuItem): MenuItem[] {
  return item.children.filter((c) => !c.hidden && (c.children.length > 0 || c.path !== '' && !c.is_dynamic));
}

/** The page a top group opens on: its redirect when visible to this admin, else its first visible page. */
export function firstPage(group: MenuItem): string | undefined {
  const pages: string[] = [];
  const visit = (items: MenuItem[]) => {
    for (const i of items) {
      if (i.hidden) continue;
      if (i.children.length) visit(i.children);
      else if (i.path && !i.is_dynamic) pages.push(i.path);
    }
  };
  visit(group.children);
  return group.redirect && pages.includes(group.redirect) ? group.redirect : pages[0];
}

/** The group chosen in the top bar while the current page belongs to none (e.g. the dashboard). */
export const chosenGroupStore = createStore<string | null>(null);
