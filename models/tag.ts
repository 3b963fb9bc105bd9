import { z } from 'zod';
import { Id, Paging, TextFilter } from './common';
import { Alias } from './category';

// Tags of a site's content (/Tag/index); names are unique among a site's live tags.

export const TAG_NAME_MAX_LENGTH = 50;

export const Tag = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  description: z.string(),
  sort: z.number().int(),
  /** Live content items carrying the tag. */
  content_count: z.number().int(),
  created_at: z.string(),
});
export type Tag = z.infer<typeof Tag>;

export const TagName = z.string().trim().min(1, { message: 'validation.required' }).max(TAG_NAME_MAX_LENGTH);

const tagFields = {
  name: TagName,
  /** Empty on save: made from the name by pinyin. */
  alias: Alias.default(''),
  description: z.string().trim().max(500).default(''),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
};
export const TagCreate = z.object(tagFields);
export const TagUpdate = z.object({ id: Id, ...tagFields });
export const TagListQuery = Paging.extend({ name: TextFilter });
