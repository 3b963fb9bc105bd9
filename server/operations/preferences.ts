import { eq } from 'drizzle-orm';
import { admins } from '../db/schema/index';
import type { Db, Executor } from '../db/client';
import { ApiError } from '../http/errors';
import { AdminPreferences, EMPTY_PREFERENCES, preferencesFit, type TablePreferencesSave } from '../../models/preferences';

// An admin's own preferences (issue 16): read and changed only for the signed-in admin, one table at a time,
// so two browsers of the same admin changing different tables do not undo each other.

/** The signed-in admin's preferences; a stored value that no longer fits the schema reads as none. */
export async function readPreferences(db: Executor, adminId: number): Promise<AdminPreferences> {
  const [row] = await db.select({ preferences: admins.preferences }).from(admins).where(eq(admins.id, adminId));
  const parsed = AdminPreferences.safeParse(row?.preferences ?? EMPTY_PREFERENCES);
  return parsed.success ? parsed.data : { tables: {} };
}

/** Replaces (or, with null settings, forgets) one table's settings, within the stored size bounds. */
export async function saveTablePreferences(db: Db, adminId: number, save: TablePreferencesSave): Promise<AdminPreferences> {
  return db.transaction(async (tx) => {
    await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('update');
    const current = await readPreferences(tx, adminId);
    const tables = { ...current.tables };
    if (save.settings) tables[save.table] = save.settings;
    else delete tables[save.table];
    const next: AdminPreferences = { tables };
    if (!preferencesFit(next)) throw new ApiError(413, 'preferences.tooLarge');
    await tx.update(admins).set({ preferences: next }).where(eq(admins.id, adminId));
    return next;
  });
}
