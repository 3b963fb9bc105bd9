import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Executor } from '../../db/client';

// What a backup holds, read from the database's own catalog so plugin tables (plugin_*) come along.

/**
 * Tables that stay live through a backup and a restore: sign-in state (sessions, auth codes, login
 * throttling) belongs to the people signed in now, not to the data; jobs and upload sessions describe work
 * of this process and temporary files on this disk. A restore keeps the restorer signed in (see restore.ts).
 */
export const VOLATILE_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'auth_codes',
  'login_throttle',
  // Request counters of the cluster-wide limits (issue 17): the callers of now, not data.
  'rate_counters',
  'jobs',
  'upload_sessions',
  // Derived: the triggers on contents empty it when a restore truncates contents and recount every row inserted.
  'content_counts',
  // Derived likewise: tag_counts from content_tags' triggers; site_versions only ever grows (the page cache's
  // versions, bumped by every restored row), so a restore must not set it back.
  'tag_counts',
  'site_versions',
]);

export interface ColumnInfo {
  name: string;
  /** format_type(): the type as SQL spells it, e.g. `timestamp with time zone`, `character varying(200)`. */
  type: string;
  bytea: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** Primary-key columns, in key order; empty when the table has none (paged by ctid then). */
  key: string[];
}

export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the public schema but the volatile ones, parents before children (foreign keys). */
export async function backupTables(db: Executor): Promise<TableInfo[]> {
  const cols = await rowsOf<{ table: string; column: string; type: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(k.conkey) with ordinality as u(attnum, ord)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
      where n.nspname = 'public' and k.contype = 'p' order by c.relname, u.ord`,
  );
  const refs = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype = 'f'`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of cols) {
    if (VOLATILE_TABLES.has(c.table)) continue;
    const t = tables.get(c.table) ?? { name: c.table, columns: [], key: [] };
    t.columns.push({ name: c.column, type: c.type, bytea: c.type === 'bytea' });
    tables.set(c.table, t);
  }
  for (const k of keys) tables.get(k.table)?.key.push(k.column);
  return parentsFirst([...tables.values()], refs);
}

/** Orders tables so every referenced table comes before the tables that reference it. */
function parentsFirst(tables: TableInfo[], refs: { child: string; parent: string }[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const out: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) || !byName.has(name)) return; // a cycle is broken where it is found
    state.set(name, 'visiting');
    for (const r of refs) if (r.child === name && r.parent !== name) visit(r.parent);
    state.set(name, 'done');
    out.push(byName.get(name)!);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t.name);
  return out;
}

let schemaVersion: Promise<string> | null = null;
/** The schema a backup belongs to: the tag of the last applied migration in the journal. */
export function currentSchemaVersion(): Promise<string> {
  schemaVersion ??= fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8').then((text) => {
    const journal = JSON.parse(text) as { entries: { tag: string }[] };
    return journal.entries.at(-1)?.tag ?? 'none';
  });
  return schemaVersion;
}
