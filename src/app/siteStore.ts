import { createStore } from './store';
import type { SiteNode } from '../../models/site';
import { walkTree } from '../../models/tree';

const KEY = 'banyan:siteId';

function stored(): number | null {
  const n = Number(localStorage.getItem(KEY));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The site chosen in the top bar; every site-scoped call sends it as X-Site-Id. */
export const currentSiteStore = createStore<number | null>(stored());
export const sitesStore = createStore<SiteNode[]>([]);

export function selectSite(id: number) {
  localStorage.setItem(KEY, String(id));
  currentSiteStore.set(id);
}

/** After the site list loads: keep the stored choice when still allowed, else take the first site. */
export function acceptSites(sites: SiteNode[]) {
  sitesStore.set(sites);
  const all = [...walkTree(sites)];
  const current = currentSiteStore.get();
  if (!all.some((s) => s.id === current) && all[0]) selectSite(all[0].id);
}

export function currentSite(): SiteNode | undefined {
  return [...walkTree(sitesStore.get())].find((s) => s.id === currentSiteStore.get());
}
