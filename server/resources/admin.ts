import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import { admins, adminSites, roles, sites } from '../db/schema/index';
import type { Executor } from '../db/client';
import { defineServerResource } from './register';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { iso, likeText, offsetOf } from '../db/listing';
import { hashPassword } from '../services/passwords';
import { revokeSessions } from '../operations/sessions';
import { canManageSite } from '../operations/sites';
import type { AuthContext } from '../http/context';
import { adminResource } from '../../models/resources';
import type { Admin } from '../../models/admin';
import { CODE_AUTH_ON } from '../../models/admin';
import { STATUS_ACTIVE } from '../../models/common';

const columns = {
  id: admins.id,
  account: admins.account,
  nickname: admins.nickname,
  role_id: admins.roleId,
  role_name: roles.name,
  is_super: roles.isSuper,
  status: admins.status,
  phone: admins.phone,
  code_auth: admins.codeAuth,
  last_login_at: admins.lastLoginAt,
  created_at: admins.createdAt,
};

async function siteIdsOf(db: Executor, ids: number[]) {
  const map = new Map<number, number[]>();
  if (!ids.length) return map;
  const rows = await db.select().from(adminSites).where(inArray(adminSites.adminId, ids));
  for (const r of rows) map.set(r.adminId, [...(map.get(r.adminId) ?? []), r.siteId]);
  return map;
}

function toAdmin(r: { [K in keyof typeof columns]: unknown }, siteIds: number[]): Admin {
  return {
    id: r.id as number,
    account: r.account as string,
    nickname: r.nickname as string,
    role_id: r.role_id as number,
    role_name: r.role_name as string,
    is_super: r.is_super as boolean,
    status: r.status as 1 | 2,
    phone: r.phone as string,
    code_auth: r.code_auth as 1 | 2,
    site_ids: siteIds.sort((a, b) => a - b),
    last_login_at: iso(r.last_login_at as Date | null),
    created_at: iso(r.created_at as Date)!,
  };
}

/** Guards against privilege escalation: only super admins hand out the super role or touch super admins. */
async function checkGrant(db: Executor, auth: AuthContext, roleId: number, siteIds: number[]) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw badRequest('admin.roleUnknown');
  if (role.isSuper && !auth.isSuper) throw forbidden();
  if (!auth.isSuper && role.permissions.some((p) => !auth.permissions.has(p))) throw forbidden();
  for (const id of siteIds) if (!canManageSite(auth, id)) throw forbidden('error.siteForbidden');
  if (siteIds.length) {
    const found = await db.select({ id: sites.id }).from(sites).where(inArray(sites.id, siteIds));
    if (found.length !== new Set(siteIds).size) throw badRequest('site.unknown');
  }
  return role;
}

/**
 * A non-super admin may only manage admins whose role grants nothing beyond the caller's own
 * permissions (and never a super admin): no editing or deleting someone who outranks you.
 */
function outranks(auth: AuthContext, target: typeof roles.$inferSelect): boolean {
  if (auth.isSuper) return false;
  return target.isSuper || target.permissions.some((p) => !auth.permissions.has(p));
}

async function activeSuperCount(db: Executor, exceptAdminId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(admins)
    .innerJoin(roles, eq(roles.id, admins.roleId))
    .where(and(eq(roles.isSuper, true), eq(admins.status, STATUS_ACTIVE), ne(admins.id, exceptAdminId)));
  return Number(row?.n ?? 0);
}

async function setSites(db: Executor, adminId: number, siteIds: number[]) {
  await db.delete(adminSites).where(eq(adminSites.adminId, adminId));
  for (const siteId of new Set(siteIds)) await db.insert(adminSites).values({ adminId, siteId });
}

const requirePhoneForSms = (codeAuth: number, phone: string) => {
  if (codeAuth === CODE_AUTH_ON && !phone) throw badRequest('admin.phoneForSms');
};

export const adminServerResource = defineServerResource({
  def: adminResource,
  async list({ app }, q) {
    const where = and(
      q.account ? ilike(admins.account, likeText(q.account)) : undefined,
      q.nickname ? ilike(admins.nickname, likeText(q.nickname)) : undefined,
      q.role_id ? eq(admins.roleId, q.role_id) : undefined,
      q.status ? eq(admins.status, q.status) : undefined,
    );
    const db = app.ctx.db;
    const [total] = await db.select({ n: count() }).from(admins).innerJoin(roles, eq(roles.id, admins.roleId)).where(where);
    const rows = await db
      .select(columns)
      .from(admins)
      .innerJoin(roles, eq(roles.id, admins.roleId))
      .where(where)
      .orderBy(asc(admins.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit));
    const siteMap = await siteIdsOf(db, rows.map((r) => r.id));
    return { rows: rows.map((r) => toAdmin(r, siteMap.get(r.id) ?? [])), count: Number(total?.n ?? 0) };
  },
  async read({ app }, id) {
    const [row] = await app.ctx.db.select(columns).from(admins).innerJoin(roles, eq(roles.id, admins.roleId)).where(eq(admins.id, id));
    if (!row) throw notFound();
    return toAdmin(row, (await siteIdsOf(app.ctx.db, [id])).get(id) ?? []);
  },
  async create({ app, auth }, body) {
    requirePhoneForSms(body.code_auth, body.phone);
    return app.ctx.db.transaction(async (tx) => {
      await checkGrant(tx, auth, body.role_id, body.site_ids);
      const [taken] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.account, body.account));
      if (taken) throw conflict('admin.accountTaken');
      const [row] = await tx
        .insert(admins)
        .values({
          account: body.account,
          passwordHash: await hashPassword(body.password),
          passTips: true,
          nickname: body.nickname,
          roleId: body.role_id,
          status: body.status,
          phone: body.phone,
          codeAuth: body.code_auth,
        })
        .returning({ id: admins.id });
      await setSites(tx, row!.id, body.site_ids);
      return { id: row!.id, name: body.account };
    });
  },
  async update({ app, auth }, body) {
    requirePhoneForSms(body.code_auth, body.phone);
    return app.ctx.db.transaction(async (tx) => {
      const [current] = await tx.select({ admin: admins, role: roles }).from(admins).innerJoin(roles, eq(roles.id, admins.roleId)).where(eq(admins.id, body.id));
      if (!current) throw notFound();
      if (outranks(auth, current.role)) throw forbidden();
      const role = await checkGrant(tx, auth, body.role_id, body.site_ids);
      if (body.id === auth.adminId && body.status !== STATUS_ACTIVE) throw badRequest('admin.cannotDisableSelf');
      const losesSuper = current.role.isSuper && (!role.isSuper || body.status !== STATUS_ACTIVE);
      if (losesSuper && (await activeSuperCount(tx, body.id)) === 0) throw conflict('admin.lastSuper');
      if (body.account !== current.admin.account) {
        const [taken] = await tx.select({ id: admins.id }).from(admins).where(and(eq(admins.account, body.account), ne(admins.id, body.id)));
        if (taken) throw conflict('admin.accountTaken');
      }
      await tx
        .update(admins)
        .set({
          account: body.account,
          nickname: body.nickname,
          roleId: body.role_id,
          status: body.status,
          phone: body.phone,
          codeAuth: body.code_auth,
          updatedAt: new Date(),
          // A password set by another admin is one its owner is asked to change at the next sign-in.
          ...(body.password ? { passwordHash: await hashPassword(body.password), passTips: body.id !== auth.adminId } : {}),
        })
        .where(eq(admins.id, body.id));
      await setSites(tx, body.id, body.site_ids);
      // Sessions carry role and status; a change to either (or a new password) signs the admin out.
      const except = body.id === auth.adminId ? auth.sessionId : undefined;
      if (body.status !== STATUS_ACTIVE) await revokeSessions(tx, body.id, 'disabled');
      else if (body.password) await revokeSessions(tx, body.id, 'password', except);
      else if (body.role_id !== current.admin.roleId) await revokeSessions(tx, body.id, 'role', except);
      return { name: body.account };
    });
  },
  async remove({ app, auth }, ids) {
    if (ids.includes(auth.adminId)) throw badRequest('admin.cannotDeleteSelf');
    return app.ctx.db.transaction(async (tx) => {
      const rows = await tx.select({ admin: admins, role: roles }).from(admins).innerJoin(roles, eq(roles.id, admins.roleId)).where(inArray(admins.id, ids));
      if (rows.length !== new Set(ids).size) throw notFound();
      if (rows.some((r) => outranks(auth, r.role))) throw forbidden();
      await tx.delete(admins).where(inArray(admins.id, ids));
      const [left] = await tx
        .select({ n: count() })
        .from(admins)
        .innerJoin(roles, eq(roles.id, admins.roleId))
        .where(and(eq(roles.isSuper, true), eq(admins.status, STATUS_ACTIVE)));
      if (Number(left?.n ?? 0) === 0) throw conflict('admin.lastSuper');
      return { names: rows.map((r) => r.admin.account) };
    });
  },
});
