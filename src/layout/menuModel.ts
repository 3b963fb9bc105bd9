import type { MenuItem } from '../../models/menu';
import type { DynamicMenuItem } from '../../models/account';
import { categoryIdFromParam } from '../../models/menuTree';
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

/** Where a dynamic item's list page lives, by its parent menu (spec §2 "Dynamic custom-content routes"). */
const DYNAMIC_LIST: Record<DynamicMenuItem['parent'], { group: string; path: string }> = {
  customContent: { group: 'customContent', path: '/customContent/' },
  contentCheck: { group: 'contentCheckGroup', path: '/contentCheck/' },
};

/** The stored menu with the dynamic menu's column pages placed under their parents. */
export function withDynamic(menu: readonly MenuItem[], dynamic: readonly DynamicMenuItem[]): MenuItem[] {
  const place = (items: readonly MenuItem[]): MenuItem[] =>
    items.map((item) => {
      const kind = (Object.keys(DYNAMIC_LIST) as Array<DynamicMenuItem['parent']>).find((k) => DYNAMIC_LIST[k].group === item.key);
      const children = kind
        ? dynamic
            .filter((d) => d.parent === kind)
            .map((d) => ({
              ...item,
              id: -d.id - (kind === 'contentCheck' ? 1_000_000 : 0),
              parent_id: item.id,
              key: `${kind}-${d.id}`,
              title: d.title,
              path: `${DYNAMIC_LIST[kind].path}${categoryIdFromParam(d.param)}`,
              icon: kind === 'contentCheck' ? 'clipboard-check' : 'file-text',
              level: item.level + 1,
              hidden: false,
              is_dynamic: false,
              params: d.param,
              children: [],
            }))
        : place(item.children);
      return { ...item, children };
    });
  return place(menu);
}

/** The add/edit pages of a column's content highlight that column's list page. */
function dynamicGuide(path: string): string | undefined {
  const m = /^\/(addCustomContent|updateCustomContent)\/(\d+)$/.exec(path);
  if (m) return `/customContent/${m[2]}`;
  const a = /^\/auditingContent\/(\d+)$/.exec(path);
  return a ? `/contentCheck/${a[1]}` : undefined;
}

/** The path a page highlights in the menu: its guide parent for guide sub-pages, else itself. */
export function highlightPath(menu: readonly MenuItem[], path: string): string {
  const dynamic = dynamicGuide(path);
  if (dynamic) return dynamic;
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
