import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { optLogs } from '../../db/schema/index';
import { backupTables, rowsOf, type TableInfo } from './catalog';
import { BackupRefused, checkContents, readArchive } from './archive';
import type { BackupManifest } from '../../../models/database';

// Restoring a backup: verify the whole file first (nothing touched yet), then in ONE transaction empty the
// backed-up tables, insert every row in batches, reset every sequence and commit. Any failure rolls back
// and the live data stays as it was. Other writers wait for the transaction (PostgreSQL: the TRUNCATE
// locks; PGlite: its single connection).

export class RestoreCancelled extends Error {}

export interface RestoreLogEntry {
  adminId: number;
  adminName: string;
  ip: string;
}

export interface RestoreProgress {
  (done: number, total: number): Promise<void>;
}

const id = (name: string) => sql.identifier(name);

/** Verifies a backup completely against the running database; throws BackupRefused. */
export async function verifyBackup(db: Executor, file: string): Promise<BackupManifest> {
  const contents = await readArchive(file);
  return checkContents(contents, await backupTables(db));
}

function insertBatch(t: TableInfo, columns: string[], lines: string[]) {
  const cols = t.columns.filter((c) => columns.includes(c.name));
  const names = sql.join(cols.map((c) => id(c.name)), sql`, `);
  const values = sql.join(cols.map((c) => (c.bytea ? sql`decode(r.${id(c.name)}, 'base64')` : sql`r.${id(c.name)}`)), sql`, `);
  const defs = sql.join(cols.map((c) => sql`${id(c.name)} ${sql.raw(c.bytea ? 'text' : c.type)}`), sql`, `);
  return sql`insert into ${id(t.name)} (${names}) overriding system value
    select ${values} from json_to_recordset(${`[${lines.join(',')}]`}::json) as r(${defs})`;
}

/** Sets every serial/identity sequence of the tables past the largest value restored. */
async function resetSequences(tx: Executor, tables: TableInfo[]) {
  for (const t of tables) {
    for (const c of t.columns) {
      const [row] = await rowsOf<{ seq: string | null }>(tx, sql`select pg_get_serial_sequence(${`public.${quoteIdent(t.name)}`}, ${c.name}) as seq`);
      if (!row?.seq) continue;
      await tx.execute(sql`select setval(${row.seq}::regclass, coalesce((select max(${id(c.name)}) from ${id(t.name)}), 0) + 1, false)`);
    }
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Replaces the backed-up tables' data with the archive's, all or nothing. Sessions are kept for admins
 * who exist with the same id and account in the restored data, so the restorer stays signed in.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  opts: { progress: RestoreProgress; cancelled: () => boolean; log: RestoreLogEntry; name: string },
): Promise<{ manifest: BackupManifest; rows: number }> {
  const manifest = await verifyBackup(database.db, file);
  const total = manifest.tables.reduce((n, t) => n + t.rows, 0);
  let done = 0;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const live = new Map((await backupTables(tx)).map((t) => [t.name, t]));
    const tables = manifest.tables.map((t) => live.get(t.name)!);
    await tx.execute(sql`create temp table restore_kept_sessions on commit drop as
      select s.*, a.account as kept_account from sessions s join admins a on a.id = s.admin_id where s.revoked_at is null`);
    await tx.execute(sql`truncate ${sql.join(tables.map((t) => id(t.name)), sql`, `)} cascade`);
    const columnsOf = new Map(manifest.tables.map((t) => [t.name, t.columns]));
    const again = await readArchive(file, async (table, lines) => {
      const t = live.get(table);
      if (!t || !columnsOf.has(table)) throw new BackupRefused('tables', table);
      await tx.execute(insertBatch(t, columnsOf.get(table)!, lines));
      done += lines.length;
      if (opts.cancelled()) throw new RestoreCancelled();
      await opts.progress(done, total);
    });
    // The file must not have changed since it was verified.
    await checkContents(again, [...live.values()]);
    await resetSequences(tx, tables);
    const sessionCols = (await rowsOf<{ name: string }>(
      tx,
      sql`select attname as name from pg_attribute where attrelid = 'public.sessions'::regclass and attnum > 0 and not attisdropped order by attnum`,
    )).map((r) => id(r.name));
    const cols = sql.join(sessionCols, sql`, `);
    const kept = sql.join(sessionCols.map((c) => sql`k.${c}`), sql`, `);
    await tx.execute(sql`insert into sessions (${cols}) select ${kept} from restore_kept_sessions k
      join admins a on a.id = k.admin_id and a.account = k.kept_account`);
    // The restore itself is in the restored operation log.
    await tx.insert(optLogs).values({
      adminId: opts.log.adminId,
      adminName: opts.log.adminName,
      operation: 'database.restore',
      content: JSON.stringify({ name: opts.name }),
      contentName: opts.name,
      contentType: 'database',
      ip: opts.log.ip,
    });
  });
  return { manifest, rows: done };
}
