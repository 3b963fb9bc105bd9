import { inArray, sql } from 'drizzle-orm';
import { loginThrottle } from '../db/schema/index';
import type { Executor } from '../db/client';
import {
  LOGIN_BASE_DELAY_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_IP_FREE_FAILURES,
  LOGIN_MAX_DELAY_MS,
} from '../../models/constants';

/** Counters for one login attempt: per IP (generous) and per account (strict). */
export function throttleKeys(ip: string, account: string) {
  return [
    { key: `ip:${ip}`, free: LOGIN_IP_FREE_FAILURES },
    { key: `account:${account}`, free: LOGIN_FREE_FAILURES },
  ];
}
type Keys = ReturnType<typeof throttleKeys>;

/** Seconds the caller must still wait, 0 when it may try. */
export async function waitSeconds(db: Executor, keys: Keys, now = Date.now()): Promise<number> {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys.map((k) => k.key)));
  let until = 0;
  for (const r of rows) if (r.blockedUntil) until = Math.max(until, r.blockedUntil.getTime());
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Delay after the n-th consecutive failure: none for the free ones, then doubling from 5 s up to 15 min. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_BASE_DELAY_MS * 2 ** (failures - free), LOGIN_MAX_DELAY_MS);
}

/**
 * The SQL that counts one more failure of a key unless it is blocked now, in one atomic statement (a failure on
 * another server of the cluster at the same moment is counted too, never overwritten: issue 17), restarting the
 * count after LOGIN_FAILURE_WINDOW_MS and blocking the key for delayAfter(failures, free) from now.
 */
function countFailure(key: string, free: number, now: number) {
  const at = new Date(now).toISOString();
  const staleBefore = new Date(now - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const failures = sql`(case when t.last_failure_at < ${staleBefore}::timestamptz then 1 else t.failures + 1 end)`;
  const first = delayAfter(1, free);
  return sql`insert into login_throttle as t (key, failures, last_failure_at, blocked_until)
      values (${key}, 1, ${at}::timestamptz, ${first ? new Date(now + first).toISOString() : null}::timestamptz)
      on conflict (key) do update set
        failures = ${failures},
        last_failure_at = ${at}::timestamptz,
        blocked_until = case when ${failures} < ${free} then null
          else ${at}::timestamptz + least(${LOGIN_BASE_DELAY_MS}::float8 * power(2::float8, least(${failures} - ${free}, 40)), ${LOGIN_MAX_DELAY_MS}::float8) * interval '1 millisecond' end
      where t.blocked_until is null or t.blocked_until <= ${at}::timestamptz
      returning t.key, t.blocked_until`;
}

/** One attempt counted ahead of its check; released when the attempt turns out not to be a failure. */
export interface Reservation {
  keys: { key: string; blockedUntil: Date | null }[];
}

type ReservedRow = { key: string; blocked_until: string | Date | null };

/**
 * Counts the attempt as a failure on every key before the password is checked, and only on keys not blocked
 * right now, each in one atomic statement: guesses sent at once can no longer all be checked before any of them
 * is counted (the one that reaches the free limit blocks the rest). Null when a key is blocked: nothing stays
 * counted then, and the caller refuses without checking anything.
 */
export async function reserveAttempt(db: Executor, keys: Keys, now = Date.now()): Promise<Reservation | null> {
  const taken: Reservation['keys'] = [];
  for (const { key, free } of keys) {
    const [row] = ((await db.execute(countFailure(key, free, now))) as unknown as { rows: ReservedRow[] }).rows;
    if (!row) {
      await releaseAttempt(db, { keys: taken });
      return null;
    }
    taken.push({ key, blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null });
  }
  return { keys: taken };
}

/**
 * Takes back a reserved attempt that was not a failure (right password, a code still to ask for, a disabled
 * account): one failure less, and the block it set lifted unless a later failure has set another since.
 */
export async function releaseAttempt(db: Executor, reservation: Reservation, only?: (key: string) => boolean) {
  for (const { key, blockedUntil } of reservation.keys) {
    if (only && !only(key)) continue;
    await db.execute(sql`update login_throttle set failures = greatest(failures - 1, 0),
      blocked_until = case when ${blockedUntil ? blockedUntil.toISOString() : null}::timestamptz is not null
        and blocked_until = ${blockedUntil ? blockedUntil.toISOString() : null}::timestamptz then null else blocked_until end
      where key = ${key}`);
  }
}

export async function clearFailures(db: Executor, keys: Keys) {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys.map((k) => k.key)));
}

/** Blocks a key for a while (the SMS resend cooldown), whether or not the account behind it exists. */
export async function blockFor(db: Executor, key: string, ms: number, now = Date.now()) {
  const values = { failures: 0, lastFailureAt: new Date(now), blockedUntil: new Date(now + ms) };
  await db.insert(loginThrottle).values({ key, ...values }).onConflictDoUpdate({ target: loginThrottle.key, set: values });
}
