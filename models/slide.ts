import { z } from 'zod';
import { KeyedGroupCreate, KeyedGroupListQuery, KeyedGroupUpdate, keyedGroupRow } from './keyedGroup';
import { Id, NumberFilter, Paging, Status, TextFilter } from './common';
import { OptionalSiteUrl, SiteUrl } from './siteUrl';

// Slide groups and their slides (/SlideCate/index). A group's key tells themes where to show it;
// a slide belongs to a group of the same site.

/** Live members in the group: slide_count. */
export const SlideCate = keyedGroupRow('slide_count');
export type SlideCate = z.infer<typeof SlideCate>;
export const SlideCateCreate = KeyedGroupCreate;
export const SlideCateUpdate = KeyedGroupUpdate;
export const SlideCateListQuery = KeyedGroupListQuery;

export const Slide = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  cate_id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  sort: z.number().int(),
  status: Status,
  created_at: z.string(),
});
export type Slide = z.infer<typeof Slide>;

const slideFields = {
  cate_id: Id,
  title: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  image: SiteUrl,
  link: OptionalSiteUrl,
  sort: z.coerce.number().int().min(0).max(99999).default(0),
  status: Status.default(1),
};
export const SlideCreate = z.object(slideFields);
export const SlideUpdate = z.object({ id: Id, ...slideFields });
export const SlideListQuery = Paging.extend({ cate_id: NumberFilter, title: TextFilter, status: NumberFilter });
