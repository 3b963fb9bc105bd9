import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { createGunzip } from 'node:zlib';
import { StringDecoder } from 'node:string_decoder';
import tar from 'tar-stream';
import { BACKUP_CHUNK_ROWS, BackupManifest } from '../../../models/database';
import { contentHash } from './backup';
import { currentSchemaVersion, type TableInfo } from './catalog';

// Reading a backup archive: the whole gzip stream, its tar structure, every part's SHA-256, byte and row
// count, and the manifest. Used twice by a restore: once to verify before live data is touched, once to
// feed the rows (re-checking the hashes, so a file changed in between still rolls back).

/** Why a file was refused; the job error is `database.refused.<reason>` (+ detail), localized by the client. */
export type RefusalReason = 'unreadable' | 'structure' | 'manifest' | 'checksum' | 'schema' | 'tables';

export class BackupRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly detail = '',
  ) {
    super(`database.refused.${reason}${detail ? `: ${detail}` : ''}`);
  }
}

const PART_NAME = /^data\/([a-z_][a-z0-9_]{0,62})\.ndjson$/;
const MANIFEST_NAME = 'manifest.json';
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;
const BATCH_MAX_BYTES = 4 * 1024 * 1024;

export interface PartFacts {
  rows: number;
  bytes: number;
  sha256: string;
}

/** Receives a part's rows (JSON text, one per line) in batches, in archive order. */
export type RowSink = (table: string, lines: string[]) => Promise<void>;

export interface ArchiveContents {
  manifest: unknown;
  parts: Map<string, PartFacts>;
  order: string[];
}

/** Streams the archive through gunzip and tar; every failure becomes a BackupRefused. */
export async function readArchive(file: string, sink?: RowSink): Promise<ArchiveContents> {
  const extract = tar.extract();
  const input = createReadStream(file);
  const gunzip = createGunzip();
  let gzipError: Error | null = null;
  const fail = (err: Error) => {
    gzipError ??= err;
    extract.destroy(err);
  };
  input.on('error', fail);
  gunzip.on('error', fail);
  input.pipe(gunzip).pipe(extract);
  const parts = new Map<string, PartFacts>();
  const order: string[] = [];
  let manifestText: string | null = null;
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file' || manifestText !== null) throw new BackupRefused('structure', name);
      if (name === MANIFEST_NAME) {
        manifestText = await readSmall(entry as AsyncIterable<Buffer>);
        continue;
      }
      const table = PART_NAME.exec(name)?.[1];
      if (!table || parts.has(table)) throw new BackupRefused('structure', name);
      parts.set(table, await readPart(table, entry as AsyncIterable<Buffer>, sink));
      order.push(table);
    }
  } catch (err) {
    input.destroy();
    if (err instanceof BackupRefused) throw err;
    // A gzip error (bad data, bad CRC, cut short) or a tar one (bad header, unexpected end).
    throw new BackupRefused(gzipError ? 'unreadable' : 'structure', (gzipError ?? (err as Error)).message);
  }
  if (gzipError) throw new BackupRefused('unreadable', (gzipError as Error).message);
  if (manifestText === null) throw new BackupRefused('manifest');
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    throw new BackupRefused('manifest');
  }
  return { manifest, parts, order };
}

async function readSmall(entry: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    if (size > MANIFEST_MAX_BYTES) throw new BackupRefused('manifest');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readPart(table: string, entry: AsyncIterable<Buffer>, sink?: RowSink): Promise<PartFacts> {
  const hash = createHash('sha256');
  const decoder = new StringDecoder('utf8');
  let rows = 0;
  let bytes = 0;
  let rest = '';
  let batch: string[] = [];
  let batchBytes = 0;
  for await (const chunk of entry) {
    hash.update(chunk);
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) rows++;
    if (!sink) continue;
    const lines = (rest + decoder.write(chunk)).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= BACKUP_CHUNK_ROWS || batchBytes >= BATCH_MAX_BYTES) {
        await sink(table, batch);
        batch = [];
        batchBytes = 0;
      }
    }
  }
  if (sink) {
    rest += decoder.end();
    if (rest) throw new BackupRefused('structure', table);
    if (batch.length) await sink(table, batch);
  }
  return { rows, bytes, sha256: hash.digest('hex') };
}

/** Checks what was read against its manifest, the running schema and the live tables; returns the manifest. */
export async function checkContents(contents: ArchiveContents, live: TableInfo[]): Promise<BackupManifest> {
  const parsed = BackupManifest.safeParse(contents.manifest);
  if (!parsed.success) throw new BackupRefused('manifest');
  const manifest = parsed.data;
  const listed = manifest.tables.map((t) => t.name);
  if (listed.join(',') !== contents.order.join(',')) throw new BackupRefused('checksum', 'tables');
  for (const t of manifest.tables) {
    const facts = contents.parts.get(t.name)!;
    if (facts.sha256 !== t.sha256 || facts.bytes !== t.bytes || facts.rows !== t.rows) throw new BackupRefused('checksum', t.name);
  }
  if (contentHash(manifest.tables) !== manifest.content_sha256) throw new BackupRefused('checksum', 'manifest');
  const running = await currentSchemaVersion();
  if (manifest.schema_version !== running) throw new BackupRefused('schema', `${manifest.schema_version} ≠ ${running}`);
  const byName = new Map(live.map((t) => [t.name, t]));
  for (const t of manifest.tables) {
    const table = byName.get(t.name);
    const columns = table?.columns.map((c) => c.name).sort().join(',');
    if (columns !== [...t.columns].sort().join(',')) throw new BackupRefused('tables', t.name);
  }
  return manifest;
}
