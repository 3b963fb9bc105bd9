import { closeSync, constants, ftruncateSync, mkdirSync, openSync, rename, renameSync, unlink, unlinkSync, writeFile, writeSync } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

// How a static page reaches the disk. A whole-site run writes into a folder that is not live (new, or the output
// before the previous one, claimed as its spare) and swapped in at the end, so each file is written straight. Column
// and content runs update the live output in place: there a page goes to a temporary file in its own folder first
// and is renamed over the old page, so a full disk, a failing write or a crash mid-write leaves the old page whole (a
// rename within one folder is atomic). Light imports only here: the render workers write pages too.

/** Ends every temporary name (a leftover of a killed run is removed by the next whole-site run with its folder). */
export const TEMP_MARK = '.banyan-tmp';

let seq = 0;

/** A temporary name beside `file`: a dot file, unique per process, thread and write. */
export const tempNameFor = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${threadId}-${++seq}${TEMP_MARK}`);

/**
 * A straight write: creates the file or writes over it, never through a symbolic link. No O_TRUNC: an existing
 * file (a page of the spare output) is written over in place and then cut to the new length, so a page of about the
 * same size keeps its blocks. Truncating frees the blocks and the write allocates them again: on this project's
 * test machine (ext4 with online discard) that made writing over 11,000 pages cost 0.9 CPU-s and 1.5 s, in place
 * 0.16 CPU-s and 0.15 s.
 */
const OVERWRITE = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW;

/** Writes a whole file straight (see OVERWRITE), synchronously: for a render worker's own thread. */
function writeStraightSync(file: string, data: Buffer) {
  const fd = openSync(file, OVERWRITE, 0o644);
  try {
    for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at, at);
    ftruncateSync(fd, data.length);
  } finally {
    closeSync(fd);
  }
}

/** Writes a whole file straight (see OVERWRITE). */
async function writeStraight(file: string, data: Buffer) {
  const handle = await fsp.open(file, OVERWRITE, 0o644);
  try {
    for (let at = 0; at < data.length; ) at += (await handle.write(data, at, data.length - at, at)).bytesWritten;
    await handle.truncate(data.length);
  } finally {
    await handle.close();
  }
}

/** Writes one page, atomically (temporary file + rename) when `atomic`; the temporary file never stays behind. */
export function writePage(file: string, data: Buffer, atomic: boolean, done: (err: NodeJS.ErrnoException | null) => void): void {
  if (!atomic) {
    writeStraight(file, data).then(() => done(null), done);
    return;
  }
  const temp = tempNameFor(file);
  writeFile(temp, data, { flag: 'wx' }, (err) => {
    if (err) return unlink(temp, () => done(err));
    rename(temp, file, (failed) => (failed ? unlink(temp, () => done(failed)) : done(null)));
  });
}

export const writePageAsync = (file: string, data: Buffer, atomic: boolean) =>
  new Promise<void>((resolve, reject) => writePage(file, data, atomic, (err) => (err ? reject(err) : resolve())));

/**
 * A render worker's write of one page: synchronous (the worker's thread has nothing else to do meanwhile, and each
 * asynchronous step would cost a hop to the thread pool and back). `made` holds the folders this thread made.
 */
export function writePageSync(file: string, data: Buffer, atomic: boolean, made: Set<string>) {
  const dir = path.dirname(file);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  if (!atomic) return writeStraightSync(file, data);
  const temp = tempNameFor(file);
  try {
    const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    try {
      for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (err) {
    try {
      unlinkSync(temp);
    } catch {
      // never made, or already renamed
    }
    throw err;
  }
}
