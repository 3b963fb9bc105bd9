import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

// What the disk-fault tests share: whether this machine lets them mount a small tmpfs, filling one up, and a
// folder's files with their digests (what the disk holds before and after a failed write).

/** Whether this machine lets the tests mount a small tmpfs (root, and a container allowed to mount). */
export function tmpfsMountWorks(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(os.tmpdir(), 'banyan-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** Fills a file system until it refuses a byte more; answers the filler file. */
export async function fill(dir: string): Promise<string> {
  const filler = path.join(dir, 'filler.bin');
  const handle = await fs.open(filler, 'w');
  try {
    for (;;) await handle.write(Buffer.alloc(16 * 1024, 1));
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    await handle.close();
  }
  return filler;
}

/** Every file under a folder (dot files included), relative to it, with its SHA-256; {} for a missing folder. */
export async function filesUnder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string) => {
    for (const e of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) out[path.relative(dir, p)] = createHash('sha256').update(await fs.readFile(p)).digest('hex');
    }
  };
  await walk(dir);
  return out;
}
