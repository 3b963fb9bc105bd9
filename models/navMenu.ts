import { z } from 'zod';
import { KeyedGroupCreate, KeyedGroupListQuery, KeyedGroupUpdate, keyedGroupRow } from './keyedGroup';
import { Id, NumberFilter, Paging, Status, TextFilter } from './common';
import { OptionalSiteUrl } from './siteUrl';

// Front-end menus (/NavCate/index): menu groups per site, each with a tree of items that link to a column,
// a content item or a URL. Themes find a group by its key ("main", "footer").

export const NAV_LINK_TYPES = ['column', 'content', 'url'] as const;
export type NavLinkType = (typeof NAV_LINK_TYPES)[number];

/** Live members in the group: item_count. */
export const NavCate = keyedGroupRow('item_count');
export type NavCate = z.infer<typeof NavCate>;
export const NavCateCreate = KeyedGroupCreate;
export const NavCateUpdate = KeyedGroupUpdate;
export const NavCateListQuery = KeyedGroupListQuery;

export const NavItem = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  cate_id: z.number().int(),
  parent_id: z.number().int(),
  title: z.string(),
  link_type: z.enum(NAV_LINK_TYPES),
  target_id: z.number().int(),
  /** target_id when the item links to a column (else 0), for the form's column picker. */
  column_id: z.number().int(),
  /** target_id when the item links to content (else 0). */
  content_id: z.number().int(),
  url: z.string(),
  sort: z.number().int(),
  new_window: z.boolean(),
  status: Status,
  created_at: z.string(),
});
export type NavItem = z.infer<typeof NavItem>;

const navItemFields = {
  cate_id: Id,
  parent_id: z.coerce.number().int().min(0).default(0),
  title: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  link_type: z.enum(NAV_LINK_TYPES).default('url'),
  target_id: z.coerce.number().int().min(0).default(0),
  url: OptionalSiteUrl,
  sort: z.coerce.number().int().min(0).max(99999).default(0),
  new_window: z.preprocess((v) => v === 1 || v === '1' || v === 'true' || v === true, z.boolean()).default(false),
  status: Status.default(1),
};
/** A column or content link needs its target; a URL link needs the URL. */
const linkComplete = <T extends { link_type: NavLinkType; target_id: number; url: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.link_type === 'url' && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'validation.required' });
  if (v.link_type !== 'url' && !v.target_id) ctx.addIssue({ code: 'custom', path: ['target_id'], message: 'validation.required' });
};
export const NavItemCreate = z.object(navItemFields).superRefine(linkComplete);
export const NavItemUpdate = z.object({ id: Id, ...navItemFields }).superRefine(linkComplete);
export const NavItemListQuery = Paging.extend({ cate_id: NumberFilter, title: TextFilter, status: NumberFilter });

/** POST /navItem/sort: new parent and order of a group's items (drag and drop, up/down). */
export const NavItemSortBody = z.object({
  cate_id: Id,
  items: z
    .array(z.object({ id: Id, parent_id: z.coerce.number().int().min(0), sort: z.coerce.number().int().min(0).max(99999) }))
    .min(1)
    .max(1000),
});
export type NavItemSortBody = z.infer<typeof NavItemSortBody>;

/** GET /navItem/tree?cate_id=: a group's items, nested. */
export const NavTreeQuery = z.object({ cate_id: Id });
export type NavItemNode = NavItem & { children: NavItemNode[] };

/** What a theme receives: one menu, its live items nested, each with its resolved address. */
export interface SiteMenuItem {
  id: number;
  title: string;
  url: string;
  target: '_blank' | '_self';
  new_window: boolean;
  children: SiteMenuItem[];
}
export interface SiteMenu {
  id: number;
  name: string;
  key: string;
  items: SiteMenuItem[];
}

/** The form's column picker and content id, folded into target_id for the API. */
export function navItemTarget<T extends Record<string, unknown>>(values: T): T & { target_id: number } {
  const type = values.link_type;
  const target = type === 'column' ? values.column_id : type === 'content' ? values.content_id : 0;
  return { ...values, target_id: Number(target ?? 0) || 0 };
}

/** Moves an item one place up (-1) or down (+1) among its siblings: the new sort of every sibling, for POST /navItem/sort. */
export function moveAmongSiblings(rows: ReadonlyArray<{ id: number; parent_id: number; sort: number }>, id: number, direction: -1 | 1) {
  const item = rows.find((r) => r.id === id);
  if (!item) return [];
  const siblings = rows.filter((r) => r.parent_id === item.parent_id).sort((a, b) => a.sort - b.sort || a.id - b.id);
  const at = siblings.findIndex((r) => r.id === id);
  const to = at + direction;
  if (to < 0 || to >= siblings.length) return [];
  [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
  return siblings.map((r, i) => ({ id: r.id, parent_id: r.parent_id, sort: i }));
}
