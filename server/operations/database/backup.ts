import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { backupTables, currentSchemaVersion, rowsOf, type TableInfo } from './catalog';
import { backupDir, newBackupName, publishBackup } from './files';
import { BACKUP_CHUNK_ROWS, BACKUP_FORMAT_VERSION, BACKUP_PRODUCT, type BackupManifest, type BackupTablePart } from '../../../models/database';

// Writing a backup: one consistent snapshot (one REPEATABLE READ READ ONLY transaction for every table),
// read in keyset-paged chunks into one NDJSON part per table, then packed as a gzip'd tar with the manifest
// last. Row values travel as PostgreSQL's own JSON of the row (row_to_json, in UTC), bytea as base64: the
// same text on PGlite and PostgreSQL, and never parsed by Node (big integers keep every digit).
//
// PGlite is one connection: while the snapshot transaction reads, other queries queue behind it.

export interface BackupProgress {
  (done: number, total: number): Promise<void>;
}

export interface BackupOutcome {
  name: string;
  manifest: BackupManifest;
  bytes: number;
}

export class BackupCancelled extends Error {}

const id = (name: string) => sql.identifier(name);

/** One page of a table after `after` (its key values as text), rows as JSON text. */
export function pageQuery(t: TableInfo, after: string[] | null, limit: number): SQL {
  const values = sql.join(
    t.columns.map((c) => (c.bytea ? sql`encode(t.${id(c.name)}, 'base64') as ${id(c.name)}` : sql`t.${id(c.name)}`)),
    sql`, `,
  );
  const keyCols = t.key.length ? t.key.map((k) => sql`t.${id(k)}`) : [sql`t.ctid`];
  const keyTypes = t.key.length ? t.key.map((k) => t.columns.find((c) => c.name === k)!.type) : ['tid'];
  const keyList = sql.join(keyCols, sql`, `);
  const keyText = sql.join(keyCols.map((k, i) => sql`${k}::text as ${id(`k${i}`)}`), sql`, `);
  const where = after ? sql`where (${keyList}) > (${sql.join(after.map((v, i) => sql`${v}::${sql.raw(keyTypes[i]!)}`), sql`, `)})` : sql``;
  return sql`select row_to_json(x)::text as j, ${keyText} from ${id(t.name)} as t, lateral (select ${values}) as x ${where} order by ${keyList} limit ${limit}`;
}

interface PartFile extends BackupTablePart {
  file: string;
}

/** Reads every table in one snapshot into part files in `dir`. */
async function snapshot(db: Database['db'], dir: string, progress: BackupProgress, cancelled: () => boolean): Promise<PartFile[]> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      const tables = await backupTables(tx);
      const counts = await Promise.all(tables.map(async (t) => Number((await rowsOf<{ n: string }>(tx, sql`select count(*) as n from ${id(t.name)}`))[0]!.n)));
      const total = counts.reduce((a, b) => a + b, 0);
      let done = 0;
      const parts: PartFile[] = [];
      for (const t of tables) {
        parts.push(await writePart(tx, t, dir, async (rows) => {
          done += rows;
          if (cancelled()) throw new BackupCancelled();
          await progress(done, total);
        }));
      }
      return parts;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function writePart(tx: Executor, t: TableInfo, dir: string, step: (rows: number) => Promise<void>): Promise<PartFile> {
  const file = path.join(dir, `${t.name}.ndjson`);
  const out = await fs.open(file, 'w');
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  try {
    let after: string[] | null = null;
    for (;;) {
      const page: Record<string, string>[] = await rowsOf<Record<string, string>>(tx, pageQuery(t, after, BACKUP_CHUNK_ROWS));
      if (!page.length) break;
      const chunk = Buffer.from(page.map((r) => r.j).join('\n') + '\n', 'utf8');
      hash.update(chunk);
      await out.write(chunk);
      rows += page.length;
      bytes += chunk.length;
      const last: Record<string, string> = page.at(-1)!;
      after = (t.key.length ? t.key : ['ctid']).map((_, i) => last[`k${i}`]!);
      await step(page.length);
      if (page.length < BACKUP_CHUNK_ROWS) break;
    }
  } finally {
    await out.close();
  }
  return { name: t.name, columns: t.columns.map((c) => c.name), rows, bytes, sha256: hash.digest('hex'), file };
}

/** The SHA-256 of everything but the manifest: of each part's name and SHA-256, in archive order. */
export function contentHash(parts: { name: string; sha256: string }[]): string {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(`${p.name}:${p.sha256}\n`);
  return hash.digest('hex');
}

/** Packs the parts and the manifest into a gzip'd tar at `target`. */
async function pack(parts: PartFile[], manifest: BackupManifest, target: string) {
  const archive = tar.pack();
  const written = pipeline(archive, createGzip(), createWriteStream(target));
  for (const p of parts) {
    const entry = archive.entry({ name: `data/${p.name}.ndjson`, size: p.bytes, mtime: new Date(manifest.created_at) });
    await pipeline(createReadStream(p.file), entry);
  }
  archive.entry({ name: 'manifest.json', mtime: new Date(manifest.created_at) }, JSON.stringify(manifest, null, 2));
  archive.finalize();
  await written;
}

/** Takes a backup into <root>/backups (the shared folder) under a fresh name (a temporary name until it is complete). */
export async function writeBackup(database: Database, root: string, progress: BackupProgress, cancelled: () => boolean = () => false): Promise<BackupOutcome> {
  const dir = backupDir(root);
  await fs.mkdir(dir, { recursive: true });
  const name = newBackupName();
  const work = await fs.mkdtemp(path.join(dir, '.tmp-'));
  try {
    const createdAt = new Date().toISOString();
    const parts = await snapshot(database.db, work, progress, cancelled);
    const content = contentHash(parts);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT_VERSION,
      product: BACKUP_PRODUCT,
      schema_version: await currentSchemaVersion(),
      created_at: createdAt,
      engine: database.kind,
      tables: parts.map(({ name, columns, rows, sha256, bytes }) => ({ name, columns, rows, sha256, bytes })),
      content_sha256: content,
    };
    const temp = path.join(work, 'archive.tar.gz');
    await pack(parts, manifest, temp);
    const bytes = (await fs.stat(temp)).size;
    await publishBackup(root, temp, name, manifest);
    return { name, manifest, bytes };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
