import { sql } from 'drizzle-orm';
import type { TestApp } from './app';
import { visitRecorder } from '../../server/operations/visits/record';

// "Nothing changed": a digest of every row of every table, so an attack test can show that a refused call
// wrote nothing anywhere (not only in the row it aimed at). Tables that a refused call may legitimately touch
// (the caller's own session being seen, login throttling) are left out.

const VOLATILE = new Set(['admin_sessions', 'sessions', 'login_throttle', 'rate_counters', '__drizzle_migrations']);

async function rowsOf<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await t.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** table name → md5 of all its rows (in a stable order). */
export async function dbFingerprint(t: TestApp, skip: Iterable<string> = []): Promise<Record<string, string>> {
  const skipped = new Set([...VOLATILE, ...skip]);
  // Visits of earlier public requests are buffered and written on a timer: written now, so that a flush due
  // later cannot change 'visits' between two fingerprints of one test.
  await visitRecorder(t.app)?.flush();
  const tables = await rowsOf<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (skipped.has(name) || name.endsWith('_sessions')) continue;
    const [row] = await rowsOf<{ digest: string | null }>(
      t,
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`),
    );
    out[name] = row?.digest ?? '';
  }
  return out;
}

/** The names of the tables whose rows differ between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
