import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// A tiny zip writer for tests: exact control over names, unix modes and the sizes the headers claim, so hostile
// packages (zip-slip names, symbolic links, bombs with lying headers) can be built byte for byte.

export interface ZipEntry {
  name: string;
  data?: Buffer | string;
  /** Unix mode in the external attributes (e.g. 0o120777 for a symbolic link); default a regular file. */
  mode?: number;
  /** Deflate (default) or store. */
  store?: boolean;
  /** The uncompressed size written in the headers (default the real one). */
  claimSize?: number;
}

export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? '', 'utf8');
    const isDir = e.name.endsWith('/');
    const method = e.store || isDir ? 0 : 8;
    const body = method === 8 ? zlib.deflateRawSync(raw) : raw;
    const crc = zlib.crc32(raw);
    const size = e.claimSize ?? raw.length;
    const mode = e.mode ?? (isDir ? 0o040755 : 0o100644);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Every file of a folder as zip entries (relative names), with optional replacements and additions. */
export function folderEntries(dir: string, replace: Record<string, string> = {}): ZipEntry[] {
  const out: ZipEntry[] = [];
  const walk = (sub: string) => {
    for (const d of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${d.name}` : d.name;
      if (d.isDirectory()) walk(rel);
      else if (d.isFile()) out.push({ name: rel, data: replace[rel] ?? fs.readFileSync(path.join(dir, rel)) });
    }
  };
  walk('');
  for (const [name, data] of Object.entries(replace)) if (!out.some((e) => e.name === name)) out.push({ name, data });
  return out;
}
