import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import { admins, roles } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { defineServerResource } from './register';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { iso, likeText, offsetOf } from '../db/listing';
import { revokeRoleSessions } from '../operations/sessions';
import { loadMenus, menuKeys } from '../operations/menus';
import { roleResource } from '../../models/resources';
import type { Role } from '../../models/role';

function toRole(r: typeof roles.$inferSelect, adminCount: number): Role {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: r.permissions,
    is_super: r.isSuper,
    status: r.status as 1 | 2,
    admin_count: adminCount,
    created_at: iso(r.createdAt)!,
  };
}

async function holderCounts(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db.select({ roleId: admins.roleId, n: count() }).from(admins).where(inArray(admins.roleId, ids)).groupBy(admins.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

/** Permissions must name existing menus, and nobody grants what they do not hold themselves. */
async function checkPermissions(db: Executor, auth: AuthContext, permissions: string[]) {
  const known = menuKeys(await loadMenus(db));
  const unknown = permissions.find((p) => !known.has(p));
  if (unknown) throw badRequest('role.unknownPermission', { key: unknown });
  if (!auth.isSuper && permissions.some((p) => !auth.permissions.has(p))) throw forbidden();
  return [...new Set(permissions)];
}

export const roleServerResource = defineServerResource({
  def: roleResource,
  async list({ app }, q) {
    const db = app.ctx.db;
    const where = and(q.name ? ilike(roles.name, likeText(q.name)) : undefined);
    const [total] = await db.select({ n: count() }).from(roles).where(where);
    const rows = await db.select().from(roles).where(where).orderBy(asc(roles.id)).limit(q.limit).offset(offsetOf(q.page, q.limit));
    const counts = await holderCounts(db, rows.map((r) => r.id));
    return { rows: rows.map((r) => toRole(r, counts.get(r.id) ?? 0)), count: Number(total?.n ?? 0) };
  },
  async read({ app }, id) {
    const [row] = await app.ctx.db.select().from(roles).where(eq(roles.id, id));
    if (!row) throw notFound();
    return toRole(row, (await holderCounts(app.ctx.db, [id])).get(id) ?? 0);
  },
  async create({ app, auth }, body) {
    const permissions = await checkPermissions(app.ctx.db, auth, body.permissions);
    const [row] = await app.ctx.db
      .insert(roles)
      .values({ name: body.name, description: body.description, permissions, status: body.status })
      .returning({ id: roles.id });
    return { id: row!.id, name: body.name };
  },
  async update({ app, auth }, body) {
    return app.ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(roles).where(eq(roles.id, body.id));
      if (!current) throw notFound();
      if (current.isSuper) throw forbidden('role.superLocked');
      if (auth.roleId === body.id && !auth.isSuper) throw forbidden();
      const permissions = await checkPermissions(tx, auth, body.permissions);
      await tx
        .update(roles)
        .set({ name: body.name, description: body.description, permissions, status: body.status, updatedAt: new Date() })
        .where(eq(roles.id, body.id));
      const changed =
        current.status !== body.status ||
        current.permissions.length !== permissions.length ||
        current.permissions.some((p) => !permissions.includes(p));
      if (changed) await revokeRoleSessions(tx, body.id);
      return { name: body.name };
    });
  },
  async remove({ app }, ids) {
    return app.ctx.db.transaction(async (tx) => {
      const rows = await tx.select().from(roles).where(inArray(roles.id, ids));
      if (rows.length !== new Set(ids).size) throw notFound();
      if (rows.some((r) => r.isSuper)) throw forbidden('role.superLocked');
      const counts = await holderCounts(tx, ids);
      if ([...counts.values()].some((n) => n > 0)) throw conflict('role.inUse');
      await tx.delete(roles).where(inArray(roles.id, ids));
      return { names: rows.map((r) => r.name) };
    });
  },
});
