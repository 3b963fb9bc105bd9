import { useEffect } from 'react';
import { createStore, useStore } from '../../app/store';
import { get } from '../../api/http';
import type { Option, OptionSource } from '../../../models/resource';
import { siteOptions } from '../../../models/site';
import { sitesStore } from '../../app/siteStore';
import { MAX_PAGE_SIZE } from '../../../models/constants';
import { menuTitle, t } from '../../i18n';
import { walkTree, buildTree, type Menu } from '../../../models/menu';

// Option lists of selects that come from another resource (roles, menus), loaded once per page view
// and shared by every select that needs them.

type Loaded = Record<string, Option[] | undefined>;
const loaded = createStore<Loaded>({});
const inFlight = new Set<string>();

async function load(key: string, fetcher: () => Promise<Option[]>) {
  if (inFlight.has(key)) return;
  inFlight.add(key);
  try {
    loaded.set({ ...loaded.get(), [key]: await fetcher() });
  } catch {
    loaded.set({ ...loaded.get(), [key]: [] });
  } finally {
    inFlight.delete(key);
  }
}

/** Forget loaded options (after a save that may have changed them). */
export function invalidateOptions(api?: string) {
  const next = { ...loaded.get() };
  for (const key of Object.keys(next)) if (!api || key === api) delete next[key];
  loaded.set(next);
}

/** Menus as indented options (for "parent menu"), with the root first. */
export function menuOptions(rows: Menu[]): Option[] {
  const out: Option[] = [{ value: 0, label: t('resources.menu.root') }];
  const visit = (nodes: Array<Menu & { children: unknown[] }>, depth: number) => {
    for (const n of nodes) {
      out.push({ value: n.id, label: `${'— '.repeat(depth)}${menuTitle(n.title)}` });
      visit(n.children as Array<Menu & { children: unknown[] }>, depth + 1);
    }
  };
  visit(buildTree(rows) as never, 1);
  return out;
}

export function useOptions(source: OptionSource | undefined): Option[] | undefined {
  const all = useStore(loaded);
  const sites = useStore(sitesStore);
  const key = source?.kind === 'resource' ? source.api : source?.kind === 'menus' ? '__menus' : '';
  useEffect(() => {
    if (!source || all[key]) return;
    if (source.kind === 'resource') {
      void load(key, async () => {
        const { data } = await get<Array<Record<string, unknown>>>(`/${source.api}/index`, { page: 1, limit: MAX_PAGE_SIZE });
        return data.map((r) => ({ value: r[source.valueKey] as number, label: String(r[source.labelKey]) }));
      });
    } else if (source.kind === 'menus') {
      void load(key, async () => menuOptions((await get<Menu[]>('/menu/index', { page: 1, limit: MAX_PAGE_SIZE })).data));
    }
  }, [source, key, all]);
  if (!source) return undefined;
  switch (source.kind) {
    case 'static':
      return source.options.map((o) => ({ value: o.value, label: t(o.label) }));
    case 'sites':
      return siteOptions(sites).map((o) => ({ value: o.id, label: o.label }));
    default:
      return all[key];
  }
}

export { walkTree };
