import { constants, rename, unlink, writeFile } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

// How a static page reaches the disk. A whole-site run writes into a fresh folder swapped in at the end, so each
// file is written straight. Column and content runs update the live output in place: there a page goes to a
// temporary file in its own folder first and is renamed over the old page, so a full disk, a failing write or a
// crash mid-write leaves the old page whole (a rename within one folder is atomic). Callback form and no
// FileHandle: a run writes thousands of files, from the render workers too (light imports only here).

/** Ends every temporary name (a leftover of a killed run is removed by the next whole-site run with its folder). */
export const TEMP_MARK = '.banyan-tmp';

let seq = 0;

/** A temporary name beside `file`: a dot file, unique per process, thread and write. */
export const tempNameFor = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${threadId}-${++seq}${TEMP_MARK}`);

/**
 * A straight write: creates the file or writes over it (a whole-site run reusing the spare output writes over its
 * files), never through a symbolic link.
 */
const OVERWRITE = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

/** Writes one page, atomically (temporary file + rename) when `atomic`; the temporary file never stays behind. */
export function writePage(file: string, data: Buffer, atomic: boolean, done: (err: NodeJS.ErrnoException | null) => void): void {
  if (!atomic) return writeFile(file, data, { flag: OVERWRITE as unknown as string /* open() takes numeric flags; the typings say string */ }, done);
  const temp = tempNameFor(file);
  writeFile(temp, data, (err) => {
    if (err) return unlink(temp, () => done(err));
    rename(temp, file, (failed) => (failed ? unlink(temp, () => done(failed)) : done(null)));
  });
}

export const writePageAsync = (file: string, data: Buffer, atomic: boolean) =>
  new Promise<void>((resolve, reject) => writePage(file, data, atomic, (err) => (err ? reject(err) : resolve())));

