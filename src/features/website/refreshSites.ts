import { get } from '../../api/http';
import { acceptSites } from '../../app/siteStore';
import type { SiteNode } from '../../../models/site';

/** Reloads the top bar's site switcher after sites were created, changed or deleted. */
export async function refreshSites() {
  try {
    acceptSites((await get<SiteNode[]>('/website/siteList', undefined, { quietSession: true })).data);
  } catch {
    /* the switcher keeps its list until the next sign-in */
  }
}
