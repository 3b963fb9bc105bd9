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

/** Flattens the switcher tree into options, prefixing each child level with two dashes (spec §2 "Layout"). */
export function siteOptions(nodes: readonly SiteNode[], depth = 0): Array<{ id: number; label: string }> {
  return nodes.flatMap((n) => [
    { id: n.id, label: `${'--'.repeat(depth)}${n.name}` },
    ...siteOptions(n.children, depth + 1),
  ]);
}
