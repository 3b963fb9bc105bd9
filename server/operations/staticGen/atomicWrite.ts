import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readSync, rename, renameSync, unlink, unlinkSync, writeFile, writeSync } from 'node:fs';
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
 * file (a page of the spare output) is written over in place and then cut to the new length only when it was longer
 * (it is opened for reading too, to tell), so a page of about the same size keeps its blocks. Truncating frees the
 * blocks and the write allocates them again: on this project's test machine (ext4 with online discard) that made
 * writing over 11,000 pages cost 0.9 CPU-s and 1.5 s, in place 0.16 CPU-s and 0.15 s. And a cut costs even when
 * the length stays (the inode's times change): writing over 11,000 pages took 170–240 ms with one each, 124–140 ms
 * with the read instead; creating them 540–690 ms with one each, 395–415 ms without (createSync).
 */
const OVERWRITE = constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW;
/** A page that must be new (O_EXCL never follows a symbolic link either). */
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

/** One byte read past a page's new end: the file was longer and is cut (a read costs less than a truncate). */
const probe = Buffer.alloc(1);

/** Writes all of `data` from the file's start (a write may take part of it). */
function writeAllSync(fd: number, data: Buffer) {
  for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at, at);
}

/**
 * Writes a whole file straight (see OVERWRITE), synchronously: for a render worker's own thread. The file is opened
 * for reading too, so the write can tell whether the old page was longer: only then is it cut (ftruncate updates
 * the inode every time, and a regenerated page is mostly as long as before or longer).
 */
function writeStraightSync(file: string, data: Buffer) {
  const fd = openSync(file, OVERWRITE, 0o644);
  try {
    writeAllSync(fd, data);
    if (readSync(fd, probe, 0, 1, data.length) > 0) ftruncateSync(fd, data.length);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates a page in a folder that is new to this run (a whole-site run into a new folder): O_EXCL, so a file that is
 * there after all (never in such a run) is written over the usual way instead; nothing to cut. `turns`, when given,
 * is held while the file is created (see CreateTurns).
 */
function createSync(file: string, data: Buffer, turns?: CreateTurns) {
  let fd: number;
  turns?.take();
  try {
    fd = openSync(file, CREATE, 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return writeStraightSync(file, data);
    throw err;
  } finally {
    turns?.give();
  }
  try {
    writeAllSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** The longest a worker waits for its turn at creating a file (CreateTurns.take). */
export const TURN_WAIT_MAX_MS = 2000;

/**
 * Turns at creating files, shared by a pool's render workers (a SharedArrayBuffer of one Int32). Creating a file or a
 * folder holds its folder's lock in the kernel; when two workers create in one folder at once (a column's 10,000
 * pages in `/posts/`), the one waiting spins on that lock, using a core for nothing: on the bench machine, two
 * threads creating 11,000 pages used twice the CPU of one, in the same time. With turns, a worker that finds the
 * other creating renders its next page meanwhile (tryTake) and writes what it holds later.
 */
export class CreateTurns {
  private readonly cell: Int32Array;
  constructor(readonly buffer: SharedArrayBuffer) {
    this.cell = new Int32Array(buffer);
  }
  static create() {
    return new CreateTurns(new SharedArrayBuffer(4));
  }
  /** Takes the turn when nobody holds it. */
  tryTake(): boolean {
    return Atomics.compareExchange(this.cell, 0, 0, 1) === 0;
  }
  /**
   * Waits for the turn and takes it. Turns only save CPU, they guard nothing: a holder that never gives it back (a
   * worker ended mid-write) is overruled after TURN_WAIT_MAX_MS.
   */
  take() {
    const until = Date.now() + TURN_WAIT_MAX_MS;
    while (!this.tryTake()) {
      if (Date.now() >= until) return Atomics.store(this.cell, 0, 1);
      Atomics.wait(this.cell, 0, 1, 5);
    }
  }
  give() {
    Atomics.store(this.cell, 0, 0);
    Atomics.notify(this.cell, 0, 1);
  }
}

/** Writes a whole file straight (see OVERWRITE and writeStraightSync). */
async function writeStraight(file: string, data: Buffer) {
  const handle = await fsp.open(file, OVERWRITE, 0o644);
  try {
    for (let at = 0; at < data.length; ) at += (await handle.write(data, at, data.length - at, at)).bytesWritten;
    // (The byte read is never looked at: only whether there was one.)
    if ((await handle.read(probe, 0, 1, data.length)).bytesRead > 0) await handle.truncate(data.length);
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

/** How a render worker writes its pages (WorkerSetup): see writePageSync. */
export interface SyncWriteOptions {
  /** The run writes into a folder new to it: every page is created (createSync). */
  fresh?: boolean;
  /** Turns at creating files and folders, shared by the pool's workers (CreateTurns). */
  turns?: CreateTurns;
}

/**
 * A render worker's write of one page: synchronous (the worker's thread has nothing else to do meanwhile, and each
 * asynchronous step would cost a hop to the thread pool and back). `made` holds the folders this thread made.
 */
export function writePageSync(file: string, data: Buffer, atomic: boolean, made: Set<string>, options: SyncWriteOptions = {}) {
  const dir = path.dirname(file);
  if (!made.has(dir)) {
    options.turns?.take();
    try {
      mkdirSync(dir, { recursive: true });
    } finally {
      options.turns?.give();
    }
    made.add(dir);
  }
  if (!atomic) return options.fresh ? createSync(file, data, options.turns) : writeStraightSync(file, data);
  const temp = tempNameFor(file);
  try {
    const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    try {
      writeAllSync(fd, data);
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
