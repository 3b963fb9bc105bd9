import { eq, inArray } from 'drizzle-orm';
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

export async function recordFailure(db: Executor, keys: Keys, now = Date.now()) {
  for (const { key, free } of keys) {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    const stale = !row || now - row.lastFailureAt.getTime() > LOGIN_FAILURE_WINDOW_MS;
    const failures = stale ? 1 : row.failures + 1;
    const delay = delayAfter(failures, free);
    const values = { failures, lastFailureAt: new Date(now), blockedUntil: delay ? new Date(now + delay) : null };
    await db
      .insert(loginThrottle)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: loginThrottle.key, set: values });
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
