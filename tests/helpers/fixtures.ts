import { eq, like } from 'drizzle-orm';
import { loginThrottle, roles, sites } from '../../server/db/schema/index';
import type { TestApp } from './app';

// Records the API tests set up through the API itself (roles, admins) or, where no API exists yet, the database.

/** A password that satisfies the admin password rules. */
export const GOOD_PASSWORD = 'Good-pass-2024';

let seq = 0;
export const uniqueAccount = (prefix = 'user') => `${prefix}.${process.pid}.${++seq}@example.com`;
export const uniqueName = (prefix: string) => `${prefix}-${++seq}`;

export async function createRole(t: TestApp, token: string, permissions: string[], extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.client(token).post<{ id: number }>('/role/save', { name: uniqueName('role'), permissions, ...extra });
  if (res.code !== 0) throw new Error(`role/save failed: ${res.code} ${res.msg}`);
  return res.data.id;
}

export interface NewAdmin {
  id: number;
  account: string;
  password: string;
}

export async function createAdmin(
  t: TestApp,
  token: string,
  fields: { role_id: number; account?: string; password?: string } & Record<string, unknown>,
): Promise<NewAdmin> {
  const account = fields.account ?? uniqueAccount();
  const password = fields.password ?? GOOD_PASSWORD;
  const res = await t.client(token).post<{ id: number }>('/admin/save', { nickname: uniqueName('nick'), ...fields, account, password });
  if (res.code !== 0) throw new Error(`admin/save failed: ${res.code} ${res.msg}`);
  return { id: res.data.id, account, password };
}

/** A role with these permissions and an admin holding it, signed in. */
export async function adminWithRole(t: TestApp, superToken: string, permissions: string[], fields: Record<string, unknown> = {}) {
  const roleId = await createRole(t, superToken, permissions);
  const admin = await createAdmin(t, superToken, { role_id: roleId, ...fields });
  const token = await t.login(admin.account, admin.password);
  return { ...admin, roleId, token };
}

export async function superRoleId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.isSuper, true));
  return row!.id;
}

/** Sites have no API before the sites issue; tests insert them directly. */
export async function insertSite(t: TestApp, name: string, fields: { parentId?: number; deletedAt?: Date } = {}): Promise<number> {
  const [row] = await t.db
    .insert(sites)
    .values({ name, domain: `${name.toLowerCase()}.example.com`, parentId: fields.parentId ?? 0, deletedAt: fields.deletedAt })
    .returning({ id: sites.id });
  return row!.id;
}

/** Forgets login failures, for files that sign in often but do not test the throttle. */
export async function resetLoginThrottle(t: TestApp) {
  await t.db.delete(loginThrottle);
}

/** Lets every login block matching the key prefix pass, as if its wait had elapsed. */
export async function expireLoginBlocks(t: TestApp, keyPrefix: string) {
  await t.db
    .update(loginThrottle)
    .set({ blockedUntil: new Date(Date.now() - 1000) })
    .where(like(loginThrottle.key, `${keyPrefix}%`));
}

/** Fails when a response body carries something that looks like a stack trace. */
export function looksLikeStack(body: string): boolean {
  return /\bat [\w.<>]+ \(|node:internal|\.ts:\d+:\d+|\.js:\d+:\d+|"stack"/.test(body);
}
