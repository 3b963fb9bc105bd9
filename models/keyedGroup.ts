import { z } from 'zod';
import { Id, Paging, TextFilter } from './common';

// A site's named group that themes place by key: slide groups, front-end menus (and later link groups).

/** Fields of such a group as lists show it; `count` is the name of its live-members count. */
export const keyedGroupRow = <K extends string>(count: K) =>
  z.object({
    id: z.number().int(),
    site_id: z.number().int(),
    name: z.string(),
    key: z.string(),
    sort: z.number().int(),
    created_at: z.string(),
  }).extend({ [count]: z.number().int() } as Record<K, z.ZodNumber>);

export const keyedGroupFields = {
  name: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  /** Identifier themes use to place the group ("main", "footer", "home-banner"). */
  key: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9_-]*$/, { message: 'validation.slideKey' })
    .default(''),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
};
export const KeyedGroupCreate = z.object(keyedGroupFields);
export const KeyedGroupUpdate = z.object({ id: Id, ...keyedGroupFields });
export const KeyedGroupListQuery = Paging.extend({ name: TextFilter });
