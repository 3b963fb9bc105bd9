import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, softDelete, stamp, ts, updated } from './columns';
import type { AdminPreferences } from '../../../models/preferences';

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    domain: text('domain').notNull().default(''),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [index('sites_parent_idx').on(t.parentId)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  isSuper: boolean('is_super').notNull().default(false),
  status: integer('status').notNull().default(1),
  createdAt: created(),
  updatedAt: updated(),
});

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: integer('status').notNull().default(1),
    phone: text('phone').notNull().default(''),
    codeAuth: integer('code_auth').notNull().default(2),
    language: text('language').notNull().default('zh'),
    passTips: boolean('pass_tips').notNull().default(false),
    lastLoginAt: ts('last_login_at'),
    lastLoginIp: text('last_login_ip').notNull().default(''),
    /** The admin's own settings (models/preferences.ts): column settings and density per list table. */
    preferences: jsonb('preferences').$type<AdminPreferences>().notNull().default({ tables: {} }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('admins_account_uq').on(t.account), index('admins_role_idx').on(t.roleId)],
);

export const adminSites = pgTable(
  'admin_sites',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.siteId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: created(),
    lastSeenAt: stamp('last_seen_at'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** logout | password | disabled | role | elsewhere | admin */
    revokedReason: text('revoked_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_admin_idx').on(t.adminId)],
);

export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: created(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [index('auth_codes_admin_idx').on(t.adminId)],
);

/** Failed-login counters per IP and per account (progressive delays), and SMS resend cooldowns per account name. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: stamp('last_failure_at'),
  blockedUntil: ts('blocked_until'),
});

/**
 * Cluster-wide request counters (issue 17): hits per limiter key and fixed window, shared by every server on one
 * PostgreSQL database (server/services/rateCounters.ts). Old windows are deleted as they pass.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_counters_window_idx').on(t.windowStart)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    key: text('key').notNull(),
    title: text('title').notNull(),
    path: text('path').notNull().default(''),
    icon: text('icon').notNull().default(''),
    isMenu: boolean('is_menu').notNull().default(true),
    type: integer('type').notNull().default(1),
    controller: text('controller').notNull().default(''),
    action: text('action').notNull().default(''),
    params: text('params').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    guide: text('guide').notNull().default(''),
    typeless: boolean('typeless').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    redirect: text('redirect').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    level: integer('level').notNull().default(1),
  },
  (t) => [uniqueIndex('menus_key_uq').on(t.key), index('menus_parent_idx').on(t.parentId)],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id'),
    name: text('name').notNull(),
    device: text('device').notNull().default(''),
    location: text('location').notNull().default(''),
    ip: text('ip').notNull().default(''),
    success: boolean('success').notNull(),
    reason: text('reason').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: created(),
  },
  // The log lists read newest id first; success is their one equality filter.
  (t) => [index('login_logs_created_idx').on(t.createdAt), index('login_logs_success_idx').on(t.success, t.id)],
);

export const optLogs = pgTable(
  'opt_logs',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id'),
    adminName: text('admin_name').notNull().default(''),
    operation: text('operation').notNull(),
    content: text('content').notNull().default(''),
    contentName: text('content_name').notNull().default(''),
    contentType: text('content_type').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('opt_logs_created_idx').on(t.createdAt), index('opt_logs_type_idx').on(t.contentType, t.id)],
);

/** System settings: one JSON value per key (footer, session policy, upload, storage, mail...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updated(),
});
