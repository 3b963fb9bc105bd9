import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { admins, authCodes, loginLogs, roles } from '../db/schema/index';
import type { Db, Executor } from '../db/client';
import type { Config } from '../config';
import type { SmsSender } from '../services/sms';
import { ApiError, badRequest, tooMany } from '../http/errors';
import { translate } from '../i18n/messages';
import { burnVerifyTime, verifyPassword } from '../services/passwords';
import { hashSecret, newSmsCode, sameHash } from '../services/tokens';
import { describeDevice, describeLocation } from '../services/clientInfo';
import { blockFor, clearFailures, releaseAttempt, reserveAttempt, throttleKeys, waitSeconds } from './throttle';
import { createSession, revokeSessions } from './sessions';
import { getSetting } from './settings';
import type { LoginBody } from '../../models/account';
import { CODE_AUTH_ON } from '../../models/admin';
import { STATUS_ACTIVE } from '../../models/common';
import { SMS_CODE_MAX_TRIES, SMS_CODE_TTL_MS, SMS_RESEND_COOLDOWN_MS } from '../../models/constants';
import type { Language } from '../../models/language';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

async function logLogin(db: Executor, client: ClientInfo, entry: { adminId: number | null; name: string; success: boolean; reason: string }) {
  await db.insert(loginLogs).values({
    ...entry,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 500),
    device: describeDevice(client.userAgent),
    location: describeLocation(client.ip),
  });
}

async function findLoginAdmin(db: Executor, account: string) {
  const [row] = await db
    .select({ admin: admins, role: roles })
    .from(admins)
    .innerJoin(roles, eq(roles.id, admins.roleId))
    .where(eq(admins.account, account));
  return row;
}

/** Checks an SMS code: single use, 10 minutes, 5 tries. */
async function consumeCode(db: Executor, adminId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.adminId, adminId), isNull(authCodes.usedAt), gt(authCodes.expiresAt, new Date())))
    .orderBy(desc(authCodes.id))
    .limit(1);
  if (!row || row.attempts >= SMS_CODE_MAX_TRIES) return false;
  const ok = sameHash(row.codeHash, hashSecret(code));
  await db
    .update(authCodes)
    .set(ok ? { usedAt: new Date(), attempts: row.attempts + 1 } : { attempts: row.attempts + 1 })
    .where(eq(authCodes.id, row.id));
  return ok;
}

export interface LoginOutcome {
  adminId: number;
  name: string;
  token: string;
  passTips: boolean;
  isSuper: boolean;
  permissions: ReadonlySet<string>;
}

/**
 * Signs an admin in. Wrong account and wrong password answer the same; repeated failures per IP and per
 * account are delayed progressively (429 with the wait).
 */
export async function login(db: Db, config: Config, body: LoginBody, client: ClientInfo): Promise<LoginOutcome> {
  const keys = throttleKeys(client.ip, body.account);
  const locked = async () => {
    await logLogin(db, client, { adminId: null, name: body.account, success: false, reason: 'throttled' });
    return tooMany('login.locked', { seconds: Math.max(1, await waitSeconds(db, keys)) });
  };
  if ((await waitSeconds(db, keys)) > 0) throw await locked();
  // Counted before the password is checked, so guesses sent at once cannot all be tried before the lock.
  const reservation = await reserveAttempt(db, keys);
  if (!reservation) throw await locked();
  const found = await findLoginAdmin(db, body.account);
  const passwordOk = found ? await verifyPassword(found.admin.passwordHash, body.password) : (await burnVerifyTime(body.password), false);
  if (!found || !passwordOk) {
    await logLogin(db, client, { adminId: found?.admin.id ?? null, name: body.account, success: false, reason: 'bad_credentials' });
    throw badRequest('login.failed');
  }
  const { admin, role } = found;
  if (admin.status !== STATUS_ACTIVE || role.status !== STATUS_ACTIVE) {
    await releaseAttempt(db, reservation);
    await logLogin(db, client, { adminId: admin.id, name: body.account, success: false, reason: 'disabled' });
    throw new ApiError(403, 'login.disabled');
  }
  if (admin.codeAuth === CODE_AUTH_ON) {
    if (!body.code) {
      await releaseAttempt(db, reservation);
      throw badRequest('login.needCode', {}, { need_code: true });
    }
    if (!(await consumeCode(db, admin.id, body.code))) {
      await logLogin(db, client, { adminId: admin.id, name: body.account, success: false, reason: 'bad_code' });
      throw badRequest('login.codeInvalid', {}, { need_code: true });
    }
  }
  // Signed in: the account's failures are cleared, the address keeps its count less this attempt.
  await releaseAttempt(db, reservation, (key) => key.startsWith('ip:'));
  await clearFailures(db, keys.filter((k) => k.key.startsWith('account:')));
  const singleLogin = await getSetting(db, 'session.single_login');
  const { token, sessionId } = await createSession(db, config, admin.id, client);
  if (singleLogin) await revokeSessions(db, admin.id, 'elsewhere', sessionId);
  await db.update(admins).set({ lastLoginAt: new Date(), lastLoginIp: client.ip }).where(eq(admins.id, admin.id));
  await logLogin(db, client, { adminId: admin.id, name: body.account, success: true, reason: '' });
  return {
    adminId: admin.id,
    name: admin.nickname,
    token,
    passTips: admin.passTips,
    isSuper: role.isSuper,
    permissions: new Set(role.permissions),
  };
}

/**
 * Sends a login code by SMS when the account has SMS verification on. The answer never says whether
 * the account exists; codes are rate limited to one a minute per account.
 */
export async function sendAuthCode(db: Db, sms: SmsSender, account: string, lang: Language): Promise<void> {
  // The cooldown is kept per account name, known or not, so a 429 does not reveal that the account exists.
  const cooldownKey = `authCode:${account}`;
  const wait = await waitSeconds(db, [{ key: cooldownKey, free: 0 }]);
  if (wait > 0) throw tooMany('authCode.cooldown', { seconds: wait });
  await blockFor(db, cooldownKey, SMS_RESEND_COOLDOWN_MS);
  const found = await findLoginAdmin(db, account);
  if (!found || found.admin.codeAuth !== CODE_AUTH_ON || found.admin.status !== STATUS_ACTIVE) return;
  if (!found.admin.phone) return; // admin forms require a phone when SMS verification is on
  const code = newSmsCode();
  // A new code replaces any earlier one.
  await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(authCodes.adminId, found.admin.id), isNull(authCodes.usedAt)));
  await db.insert(authCodes).values({
    adminId: found.admin.id,
    codeHash: hashSecret(code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
  });
  await sms.send(found.admin.phone, translate(lang, 'authCode.sms', { code }));
}
