import { z } from 'zod';
import { Id, MAX_INT } from './common';

/** 1: an accessible menu (a page guarded by permission); 2: only a menu (a group heading, no page of its own). */
export const MENU_TYPES = [1, 2] as const;

/** A navigation item as the server sends it (spec §3 "Menu item (navigation)"). */
export interface MenuItem {
  id: number;
  parent_id: number;
  key: string;
  title: string;
  path: string;
  icon: string;
  level: number;
  hidden: boolean;
  is_dynamic: boolean;
  /** Path of the list page this guide sub-page highlights in the menu. */
  guide: string;
  typeless: boolean;
  pinned: boolean;
  redirect: string;
  params: string;
  children: MenuItem[];
}

/** Menu management record (spec §3 "Menu (management)"). */
export const Menu = z.object({
  id: z.number().int(),
  parent_id: z.number().int().min(0),
  key: z.string().min(1).max(100),
  title: z.string().min(1).max(100),
  path: z.string().max(200),
  icon: z.string().max(50),
  is_menu: z.boolean(),
  type: z.union([z.literal(1), z.literal(2)]),
  controller: z.string().max(100),
  action: z.string().max(100),
  params: z.string().max(500),
  hidden: z.boolean(),
  guide: z.string().max(200),
  typeless: z.boolean(),
  pinned: z.boolean(),
  redirect: z.string().max(200),
  sort: z.number().int(),
  level: z.number().int(),
});
export type Menu = z.infer<typeof Menu>;

const menuFields = {
  parent_id: z.coerce.number().int().min(0).max(MAX_INT),
  key: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_/.-]+$/),
  title: z.string().trim().min(1).max(100),
  path: z.string().trim().max(200).default(''),
  icon: z.string().trim().max(50).default(''),
  is_menu: z.boolean().default(true),
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  controller: z.string().trim().max(100).default(''),
  action: z.string().trim().max(100).default(''),
  params: z.string().trim().max(500).default(''),
  hidden: z.boolean().default(false),
  guide: z.string().trim().max(200).default(''),
  typeless: z.boolean().default(false),
  pinned: z.boolean().default(false),
  redirect: z.string().trim().max(200).default(''),
  sort: z.coerce.number().int().min(-MAX_INT).max(MAX_INT).default(0),
};
export const MenuCreate = z.object(menuFields);
export type MenuCreate = z.infer<typeof MenuCreate>;
export const MenuUpdate = z.object({ id: Id, ...menuFields });
export type MenuUpdate = z.infer<typeof MenuUpdate>;

export { buildTree, walkTree } from './tree';
