import { z } from 'zod';

/** A site as the switcher sees it (spec §3 "Site (switcher)"): status 1 = active, parent_id 0 = top-level. */
export interface SiteNode {
  id: number;
  name: string;
  domain: string;
  status: number;
  parent_id: number;
  children: SiteNode[];
}

export const SiteSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  status: z.number().int(),
  parent_id: z.number().int(),
});
export type SiteSummary = z.infer<typeof SiteSummary>;

export { siteOptions } from './tree';
