import { defineResource, statusOptions, type Option } from '../resource';
import { NavCate, NavCateCreate, NavCateListQuery, NavCateUpdate, NavItem, NavItemCreate, NavItemListQuery, NavItemUpdate } from '../navMenu';

// Front-end menus (/NavCate/index, issue 6): groups and their items, both site-scoped, both into the recycle bin.

const CRUD = ['create', 'update', 'delete'] as const;

export const navLinkTypeOptions: readonly Option[] = [
  { value: 'column', label: 'resources.navItem.options.link_type.column' },
  { value: 'content', label: 'resources.navItem.options.link_type.content' },
  { value: 'url', label: 'resources.navItem.options.link_type.url' },
];

export const navCateResource = defineResource({
  name: 'navCate',
  menu: 'navCate',
  siteScoped: true,
  softDelete: true,
  schema: NavCate,
  create: NavCateCreate,
  update: NavCateUpdate,
  listQuery: NavCateListQuery,
  actions: CRUD,
  titleField: 'name',
  list: {
    columns: [
      { name: 'name' },
      { name: 'key' },
      { name: 'item_count', width: 90 },
    ],
    filters: [],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'key', kind: 'text', hint: 'resources.navCate.keyHint' },
      { name: 'sort', kind: 'number' },
    ],
  },
});

export const navItemResource = defineResource({
  name: 'navItem',
  menu: 'navCate',
  siteScoped: true,
  softDelete: true,
  schema: NavItem,
  create: NavItemCreate,
  update: NavItemUpdate,
  listQuery: NavItemListQuery,
  actions: CRUD,
  titleField: 'title',
  list: {
    columns: [
      { name: 'title' },
      { name: 'link_type', kind: 'enum', options: navLinkTypeOptions, width: 90, wide: true },
      { name: 'sort', width: 70 },
      { name: 'new_window', kind: 'bool', width: 90, wide: true },
      { name: 'status', kind: 'status', options: statusOptions, width: 80 },
    ],
    filters: [],
  },
  form: {
    fields: [
      { name: 'title', kind: 'text', required: true },
      { name: 'link_type', kind: 'select', required: true, options: { kind: 'static', options: navLinkTypeOptions } },
      { name: 'column_id', kind: 'select', options: { kind: 'resource', api: 'category', valueKey: 'id', labelKey: 'title' }, hint: 'resources.navItem.columnHint' },
      { name: 'content_id', kind: 'number', hint: 'resources.navItem.contentHint' },
      { name: 'url', kind: 'text', span: 24, hint: 'resources.navItem.urlHint' },
      { name: 'sort', kind: 'number' },
      { name: 'new_window', kind: 'switch' },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
    ],
  },
});
