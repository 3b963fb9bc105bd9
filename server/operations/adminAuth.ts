import { eq } from 'drizzle-orm';
import { admins, roles } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { adminSiteIds } from './sessions';
import { toLanguage } from '../../models/language';

/**
 * The rights of an admin outside a request (a job acting for whoever started it), read afresh so a job
 * never does more than its admin may do now.
 */
export async function adminAuth(db: Executor, adminId: number): Promise<AuthContext | null> {
  const [row] = await db.select({ admin: admins, role: roles }).from(admins).innerJoin(roles, eq(roles.id, admins.roleId)).where(eq(admins.id, adminId));
  if (!row || row.admin.status !== 1 || row.role.status !== 1) return null;
  return {
    sessionId: 0,
    adminId,
    account: row.admin.account,
    nickname: row.admin.nickname,
    roleId: row.role.id,
    roleName: row.role.name,
    isSuper: row.role.isSuper,
    permissions: new Set(row.role.permissions),
    siteIds: row.role.isSuper ? 'all' : await adminSiteIds(db, adminId),
    language: toLanguage(row.admin.language),
    passTips: row.admin.passTips,
  };
}
