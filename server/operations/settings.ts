import { eq, inArray } from 'drizzle-orm';
import { settings } from '../db/schema/index';
import type { Executor } from '../db/client';

/** Defaults of every system setting; later issues add groups (upload, storage, mail...). */
export const DEFAULT_SETTINGS = {
  /** Footer of the admin (spec §2 "Layout"). */
  'site.copyright': '© Banyan',
  'site.filing_number': '',
  /** When true, signing in revokes the account's other sessions (they get 50012). */
  'session.single_login': false,
  /** Installation date, for "running days" on the dashboard. */
  'system.installed_at': new Date().toISOString(),
} satisfies Record<string, unknown>;

export type SettingKey = keyof typeof DEFAULT_SETTINGS;
type SettingValue<K extends SettingKey> = (typeof DEFAULT_SETTINGS)[K] extends boolean
  ? boolean
  : (typeof DEFAULT_SETTINGS)[K] extends number
    ? number
    : string;

export async function getSetting<K extends SettingKey>(db: Executor, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return (row ? row.value : DEFAULT_SETTINGS[key]) as SettingValue<K>;
}

export async function getSettings<K extends SettingKey>(db: Executor, keys: readonly K[]): Promise<{ [P in K]: SettingValue<P> }> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys as unknown as string[]));
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = rows.find((r) => r.key === k)?.value ?? DEFAULT_SETTINGS[k];
  return out as never;
}

export async function setSetting<K extends SettingKey>(db: Executor, key: K, value: SettingValue<K>) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
