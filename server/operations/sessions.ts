import { and, eq, isNull, ne } from 'drizzle-orm';
import { admins, adminSites, roles, sessions } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { Config } from '../config';
import type { AuthContext } from '../http/context';
import { ApiError } from '../http/errors';
import { hashSecret, newToken } from '../services/tokens';
import { CODE_TOKEN_EXPIRED, CODE_TOKEN_INVALID, CODE_TOKEN_REVOKED } from '../../models/envelope';
import { STATUS_ACTIVE } from '../../models/common';
import { toLanguage } from '../../models/language';
import type { DbWrites } from '../http/dbWrites';

export type RevokeReason = 'logout' | 'password' | 'disabled' | 'role' | 'elsewhere' | 'admin';

/** Refresh last-seen at most this often, so a busy admin does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Executor,
  config: Config,
  adminId: number,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const now = new Date();
  const [row] = await db
    .insert(sessions)
    .values({
      adminId,
      tokenHash: hashSecret(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + config.sessionMaxHours * 3600_000),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 500),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** Revokes every live session of an admin (but `exceptSessionId`). */
export async function revokeSessions(db: Executor, adminId: number, reason: RevokeReason, exceptSessionId?: number) {
  const conditions = [eq(sessions.adminId, adminId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  await db.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(and(...conditions));
}

/** Revokes the sessions of every admin holding a role (its permissions or status changed). */
export async function revokeRoleSessions(db: Executor, roleId: number) {
  const holders = await db.select({ id: admins.id }).from(admins).where(eq(admins.roleId, roleId));
  for (const h of holders) await revokeSessions(db, h.id, 'role');
}

export async function revokeSession(db: Executor, sessionId: number, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function adminSiteIds(db: Executor, adminId: number): Promise<number[]> {
  const rows = await db.select({ siteId: adminSites.siteId }).from(adminSites).where(eq(adminSites.adminId, adminId));
  return rows.map((r) => r.siteId).sort((a, b) => a - b);
}

/** A resolved session and the times its reuse is checked against (ms epoch; last seen after any touch). */
interface ResolvedSession {
  auth: AuthContext;
  expiresAt: number;
  lastSeenAt: number;
}

/** Resolves an X-Token (by its hash) to the signed-in admin, or fails with 50008 / 50012 / 50014. */
async function resolveSessionTimes(db: Executor, config: Config, token: string, tokenHash: string): Promise<ResolvedSession> {
  if (!token || token.length > 200) throw new ApiError(CODE_TOKEN_INVALID, 'error.tokenInvalid');
  const [row] = await db
    .select({ session: sessions, admin: admins, role: roles })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .innerJoin(roles, eq(roles.id, admins.roleId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) throw new ApiError(CODE_TOKEN_INVALID, 'error.tokenInvalid');
  const { session, admin, role } = row;
  if (session.revokedAt) {
    if (session.revokedReason === 'logout') throw new ApiError(CODE_TOKEN_INVALID, 'error.tokenInvalid');
    throw new ApiError(CODE_TOKEN_REVOKED, 'error.tokenRevoked');
  }
  if (admin.status !== STATUS_ACTIVE || role.status !== STATUS_ACTIVE) {
    await revokeSession(db, session.id, 'disabled');
    throw new ApiError(CODE_TOKEN_REVOKED, 'error.tokenRevoked');
  }
  const now = Date.now();
  const idleLimit = config.sessionIdleMinutes * 60_000;
  if (now >= session.expiresAt.getTime() || now - session.lastSeenAt.getTime() > idleLimit) {
    throw new ApiError(CODE_TOKEN_EXPIRED, 'error.tokenExpired');
  }
  let lastSeenAt = session.lastSeenAt.getTime();
  if (now - lastSeenAt > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, session.id));
    lastSeenAt = now;
  }
  const auth: AuthContext = {
    sessionId: session.id,
    adminId: admin.id,
    account: admin.account,
    nickname: admin.nickname,
    roleId: role.id,
    roleName: role.name,
    isSuper: role.isSuper,
    permissions: new Set(role.permissions),
    siteIds: role.isSuper ? 'all' : await adminSiteIds(db, admin.id),
    language: toLanguage(admin.language),
    passTips: admin.passTips,
  };
  return { auth, expiresAt: session.expiresAt.getTime(), lastSeenAt };
}

/**
 * How long a resolved session is answered from memory at most while other processes' changes may go unheard (the
 * PostgreSQL listener not connected): bounds what another process's revocation takes then.
 */
export const SESSION_REUSE_MS = 2_000;
/** Most sessions remembered; beyond it the memory starts over. */
const SESSION_REUSE_MAX = 10_000;

/**
 * Resolved sessions by token hash, reused while this process has written nothing since they were read
 * (server/http/dbWrites.ts), so a logout, a password, role or status change, or any other write made here
 * (revocation included) is seen by the very next call. A revocation by another process sharing the database is
 * seen as soon as its sessions_changed notification arrives (migration 0017, heard by the listener of
 * pageCache.ts, which moves the epoch): while that listener is up (`othersHeard`, always on PGlite) a session is
 * reused until its last-seen refresh is due (TOUCH_EVERY_MS), so a busy admin's calls read no session (issue 14);
 * while it is down, for SESSION_REUSE_MS at most. The lifetime, idle and last-seen rules are checked on every
 * reuse as on a read: a session due for its last-seen refresh is read (and touched) again.
 */
export class SessionMemory {
  private readonly resolved = new Map<string, ResolvedSession & { epoch: number; readAt: number }>();

  constructor(private readonly writes: DbWrites) {}

  async resolve(db: Executor, config: Config, token: string): Promise<AuthContext> {
    if (!token || token.length > 200) throw new ApiError(CODE_TOKEN_INVALID, 'error.tokenInvalid');
    const tokenHash = hashSecret(token);
    const now = Date.now();
    const known = this.resolved.get(tokenHash);
    if (
      known &&
      this.writes.unchangedSince(known.epoch) &&
      now - known.readAt < (this.writes.othersHeard ? TOUCH_EVERY_MS : SESSION_REUSE_MS) &&
      now < known.expiresAt &&
      now - known.lastSeenAt <= Math.min(TOUCH_EVERY_MS, config.sessionIdleMinutes * 60_000)
    ) {
      return known.auth;
    }
    if (known) this.resolved.delete(tokenHash);
    const epoch = this.writes.epoch;
    const clean = this.writes.pending === 0;
    const read = await resolveSessionTimes(db, config, token, tokenHash);
    if (clean && this.writes.unchangedSince(epoch)) {
      if (this.resolved.size >= SESSION_REUSE_MAX) this.resolved.clear();
      this.resolved.set(tokenHash, { ...read, epoch, readAt: now });
    }
    return read.auth;
  }
}
