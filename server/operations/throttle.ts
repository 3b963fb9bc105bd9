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
 * Counts one failure per key in one atomic statement (a failure on another server of the cluster at the same
 * moment is counted too, never overwritten: issue 17), restarting the count after LOGIN_FAILURE_WINDOW_MS, and
 * blocks the key for delayAfter(failures, free) from now.
 */
export async function recordFailure(db: Executor, keys: Keys, now = Date.now()) {
  const at = new Date(now).toISOString();
  const staleBefore = new Date(now - LOGIN_FAILURE_WINDOW_MS).toISOString();
  for (const { key, free } of keys) {
    const failures = sql`(case when t.last_failure_at < ${staleBefore}::timestamptz then 1 else t.failures + 1 end)`;
    const first = delayAfter(1, free);
    await db.execute(sql`insert into login_throttle as t (key, failures, last_failure_at, blocked_until)
      values (${key}, 1, ${at}::timestamptz, ${first ? new Date(now + first).toISOString() : null}::timestamptz)
      on conflict (key) do update set
        failures = ${failures},
        last_failure_at = ${at}::timestamptz,
        blocked_until = case when ${failures} < ${free} then null
          else ${at}::timestamptz + least(${LOGIN_BASE_DELAY_MS}::float8 * power(2::float8, least(${failures} - ${free}, 40)), ${LOGIN_MAX_DELAY_MS}::float8) * interval '1 millisecond' end`);
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
