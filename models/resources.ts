import { z } from 'zod';
import { defineResource, statusOptions, type ResourceDef } from './resource';
import { SITES_RESOURCES } from './resources/sites';
import { CONTENT_RESOURCES } from './resources/content';
import { MARKETING_RESOURCES } from './resources/marketing';
import { linkResource } from './resources/links';
import { formResource } from './resources/forms';
import { inquiryCateResource, inquiryResource } from './resources/inquiry';
import { keywordResource } from './resources/keywords';
import { RECRUIT_RESOURCES } from './resources/recruit';
import { Admin, AdminCreate, AdminListQuery, AdminUpdate } from './admin';
import { Role, RoleCreate, RoleListQuery, RoleUpdate } from './role';
import { LoginLog, LoginLogListQuery, OptLog, OptLogListQuery } from './logs';
import { Menu, MenuCreate, MenuUpdate } from './menu';
import { Paging, TextFilter } from './common';

// Every plain resource of the product, declared once. Later issues add theirs here.

export const adminResource = defineResource({
  name: 'admin',
  menu: 'admin',
  siteScoped: false,
  softDelete: false,
  schema: Admin,
  create: AdminCreate,
  update: AdminUpdate,
  listQuery: AdminListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'account',
  list: {
    columns: [
      { name: 'id', width: 70 },
      { name: 'account' },
      { name: 'nickname' },
      { name: 'role_name' },
      { name: 'status', kind: 'status', options: statusOptions },
      { name: 'last_login_at', kind: 'datetime', wide: true },
    ],
    filters: [
      { name: 'account', kind: 'text' },
      { name: 'role_id', kind: 'select', options: { kind: 'resource', api: 'role', valueKey: 'id', labelKey: 'name' } },
      { name: 'status', kind: 'select', options: { kind: 'static', options: statusOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'account', kind: 'email', required: true, lockedOnEdit: true },
      { name: 'password', kind: 'password', required: true, hint: 'resources.admin.passwordHint' },
      { name: 'nickname', kind: 'text', required: true },
      { name: 'role_id', kind: 'select', required: true, options: { kind: 'resource', api: 'role', valueKey: 'id', labelKey: 'name' } },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
      { name: 'phone', kind: 'text' },
      {
        name: 'code_auth',
        kind: 'select',
        options: { kind: 'static', options: [{ value: 1, label: 'common.on' }, { value: 2, label: 'common.off' }] },
      },
      { name: 'site_ids', kind: 'multiselect', options: { kind: 'sites' }, span: 24 },
    ],
  },
});

export const roleResource = defineResource({
  name: 'role',
  menu: 'role',
  siteScoped: false,
  softDelete: false,
  schema: Role,
  create: RoleCreate,
  update: RoleUpdate,
  listQuery: RoleListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 70 },
      { name: 'name' },
      { name: 'description', wide: true },
      { name: 'admin_count', width: 110 },
      { name: 'status', kind: 'status', options: statusOptions },
      { name: 'created_at', kind: 'datetime', wide: true },
    ],
    filters: [{ name: 'name', kind: 'text' }],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'description', kind: 'textarea' },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
      { name: 'permissions', kind: 'permissionTree', span: 24 },
    ],
  },
});

export const menuResource = defineResource({
  name: 'menu',
  menu: 'nav',
  siteScoped: false,
  softDelete: false,
  schema: Menu,
  create: MenuCreate,
  update: MenuUpdate,
  listQuery: Paging.extend({ title: TextFilter }),
  actions: ['create', 'update', 'delete'],
  titleField: 'key',
  list: {
    columns: [
      { name: 'title' },
      { name: 'key' },
      { name: 'path', wide: true },
      { name: 'icon', kind: 'code', wide: true },
      { name: 'is_menu', kind: 'bool' },
      { name: 'type', kind: 'enum', options: [{ value: 1, label: 'resources.menu.options.type.1' }, { value: 2, label: 'resources.menu.options.type.2' }] },
      { name: 'controller', wide: true },
      { name: 'action', wide: true },
      { name: 'sort', width: 70 },
    ],
    filters: [{ name: 'title', kind: 'text' }],
  },
  form: {
    fields: [
      { name: 'parent_id', kind: 'select', required: true, options: { kind: 'menus' } },
      { name: 'title', kind: 'text', required: true, hint: 'resources.menu.titleHint' },
      { name: 'key', kind: 'text', required: true, lockedOnEdit: true },
      { name: 'is_menu', kind: 'switch' },
      {
        name: 'type',
        kind: 'select',
        required: true,
        options: { kind: 'static', options: [{ value: 1, label: 'resources.menu.options.type.1' }, { value: 2, label: 'resources.menu.options.type.2' }] },
      },
      { name: 'path', kind: 'text' },
      { name: 'controller', kind: 'text' },
      { name: 'action', kind: 'text' },
      { name: 'params', kind: 'text' },
      { name: 'icon', kind: 'text' },
      { name: 'redirect', kind: 'text' },
      { name: 'guide', kind: 'text' },
      { name: 'hidden', kind: 'switch' },
      { name: 'sort', kind: 'number' },
    ],
  },
});

export const loginLogResource = defineResource({
  name: 'adminLoginLog',
  menu: 'adminLoginLog',
  siteScoped: false,
  softDelete: false,
  schema: LoginLog,
  create: z.never(),
  update: z.never(),
  listQuery: LoginLogListQuery,
  actions: [],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 70 },
      { name: 'admin_id', width: 90, wide: true },
      { name: 'name' },
      { name: 'device', wide: true },
      { name: 'location' },
      { name: 'ip' },
      { name: 'success', kind: 'bool' },
      { name: 'reason', wide: true },
      { name: 'created_at', kind: 'datetime' },
    ],
    filters: [
      { name: 'name', kind: 'text' },
      { name: 'ip', kind: 'text' },
      {
        name: 'success',
        kind: 'select',
        options: { kind: 'static', options: [{ value: 1, label: 'common.success' }, { value: 0, label: 'common.failure' }] },
      },
      { name: 'start', kind: 'dateRange' },
    ],
  },
  form: { fields: [] },
});

export const optLogResource = defineResource({
  name: 'adminOptLog',
  menu: 'adminOptLog',
  siteScoped: false,
  softDelete: false,
  schema: OptLog,
  create: z.never(),
  update: z.never(),
  listQuery: OptLogListQuery,
  actions: [],
  titleField: 'operation',
  list: {
    columns: [
      { name: 'id', width: 70 },
      { name: 'admin_id', width: 90, wide: true },
      { name: 'admin_name' },
      { name: 'operation' },
      { name: 'content_type' },
      { name: 'content_name' },
      { name: 'content', kind: 'code', wide: true },
      { name: 'ip', wide: true },
      { name: 'created_at', kind: 'datetime' },
    ],
    filters: [
      { name: 'admin_name', kind: 'text' },
      { name: 'operation', kind: 'text' },
      { name: 'content_type', kind: 'text' },
      { name: 'start', kind: 'dateRange' },
    ],
  },
  form: { fields: [] },
});

/** Every declared resource: the foundation's here, each domain's in models/resources/<domain>.ts. */
export const RESOURCES: readonly ResourceDef[] = [
  adminResource,
  roleResource,
  menuResource,
  loginLogResource,
  optLogResource,
  ...SITES_RESOURCES,
  ...CONTENT_RESOURCES,
  ...MARKETING_RESOURCES,
  linkResource,
  formResource,
  inquiryResource,
  inquiryCateResource,
  keywordResource,
  ...RECRUIT_RESOURCES,
];
export function findResource(name: string) {
  return RESOURCES.find((r) => r.name === name);
}
