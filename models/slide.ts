import { z } from 'zod';
import { Id, NumberFilter, Paging, Status, TextFilter } from './common';
import { OptionalSiteUrl, SiteUrl } from './siteUrl';

// Slide groups and their slides (/SlideCate/index). A group's key tells themes where to show it;
// a slide belongs to a group of the same site.

export const SlideCate = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  key: z.string(),
  sort: z.number().int(),
  /** Live slides in the group. */
  slide_count: z.number().int(),
  created_at: z.string(),
});
export type SlideCate = z.infer<typeof SlideCate>;

const slideCateFields = {
  name: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  key: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9_-]*$/, { message: 'validation.slideKey' })
    .default(''),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
};
export const SlideCateCreate = z.object(slideCateFields);
export const SlideCateUpdate = z.object({ id: Id, ...slideCateFields });
export const SlideCateListQuery = Paging.extend({ name: TextFilter });

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
