import { z } from 'zod';
import { Id, NumberFilter, Paging, Status, TextFilter } from './common';
import { SiteUrl } from './siteUrl';

// A site's keyword → URL pairs (/InnerChart/index), inserted by the editor's inner-link action.

export const InnerLink = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  keyword: z.string(),
  url: z.string(),
  /** Higher weights are linked first. */
  weight: z.number().int(),
  /** How many links to it the editor has inserted (read-only). */
  link_count: z.number().int(),
  new_window: z.boolean(),
  status: Status,
  created_at: z.string(),
});
export type InnerLink = z.infer<typeof InnerLink>;

const innerLinkFields = {
  keyword: z.string().trim().min(1, { message: 'validation.required' }).max(50),
  url: SiteUrl,
  weight: z.coerce.number().int().min(0).max(99999).default(0),
  new_window: z.boolean().default(true),
  status: Status.default(1),
};
export const InnerLinkCreate = z.object(innerLinkFields);
export const InnerLinkUpdate = z.object({ id: Id, ...innerLinkFields });
export const InnerLinkListQuery = Paging.extend({ keyword: TextFilter, status: NumberFilter });
