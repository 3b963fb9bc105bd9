import { z } from 'zod';
import { Id, Status, TextFilter } from './common';

// Columns (categories): a site's tree, each bound to a content model (issue 3).

/** 1 list column, 2 single page, 3 external link */
export const CATEGORY_TYPES = [1, 2, 3] as const;
export const CategoryType = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]));

export const Category = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  parent_id: z.number().int(),
  model_id: z.number().int(),
  model_name: z.string(),
  title: z.string(),
  alias: z.string(),
  type: CategoryType,
  link_url: z.string(),
  image: z.string(),
  description: z.string(),
  content: z.string(),
  seo_title: z.string(),
  seo_keywords: z.string(),
  seo_description: z.string(),
  list_template: z.string(),
  detail_template: z.string(),
  page_size: z.number().int(),
  sort: z.number().int(),
  status: Status,
  content_count: z.number().int(),
  created_at: z.string(),
});
export type Category = z.infer<typeof Category>;

/** URL-safe alias; empty on save means "make one from the title by pinyin, per the site's alias rule". */
export const Alias = z
  .string()
  .trim()
  .toLowerCase()
  .max(100)
  .regex(/^([a-z0-9][a-z0-9_-]*)?$/, { message: 'validation.alias' });

const categoryFields = {
  parent_id: z.coerce.number().int().min(0).default(0),
  model_id: Id,
  title: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  alias: Alias.default(''),
  type: CategoryType.default(1),
  link_url: z.string().trim().max(500).default(''),
  image: z.string().trim().max(500).default(''),
  description: z.string().trim().max(1000).default(''),
  content: z.string().max(500_000).default(''),
  seo_title: z.string().trim().max(200).default(''),
  seo_keywords: z.string().trim().max(500).default(''),
  seo_description: z.string().trim().max(1000).default(''),
  list_template: z.string().trim().max(100).default(''),
  detail_template: z.string().trim().max(100).default(''),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
  status: Status.default(1),
};
export const CategoryCreate = z.object(categoryFields);
export type CategoryCreate = z.infer<typeof CategoryCreate>;
export const CategoryUpdate = z.object({ id: Id, ...categoryFields });
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;
/** GET /category/index: the current site's whole tree (filtered by title), not paged. */
export const CategoryListQuery = z.object({
  title: TextFilter,
  /** Another site the admin manages (the copy dialog lists the target site's columns); default: X-Site-Id. */
  site_id: Id.optional(),
  page: z.coerce.number().optional(),
  limit: z.coerce.number().optional(),
});
export const CategoryStatusUpdate = z.object({ id: Id, status: Status });
/** POST /category/copy: a column subtree with its content, to another site or parent; answers a job id. */
export const CategoryCopy = z.object({
  id: Id,
  target_site_id: Id,
  target_parent_id: z.coerce.number().int().min(0).default(0),
  with_content: z.boolean().default(true),
});
export type CategoryCopy = z.infer<typeof CategoryCopy>;
