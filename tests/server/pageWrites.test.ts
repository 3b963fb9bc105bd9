import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { CreateTurns, TEMP_MARK, TURN_WAIT_MAX_MS, writePageAsync, writePageSync } from '../../server/operations/staticGen/atomicWrite';

// How a static page reaches the disk (atomicWrite.ts): straight writes go over an existing page in place (no
// O_TRUNC) and are then cut to the new length; atomic writes go through a temporary file and a rename; neither
// follows a symbolic link nor leaves a temporary file behind. Each row runs the asynchronous write (the server's
// thread) and the synchronous one (the render workers').

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-writes-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const writers = {
  async: (file: string, data: Buffer, atomic: boolean) => writePageAsync(file, data, atomic),
  sync: async (file: string, data: Buffer, atomic: boolean) => writePageSync(file, data, atomic, new Set()),
  // A whole-site run into a new folder (O_EXCL, no cut; a file there after all is written over the usual way).
  'sync, fresh folder': async (file: string, data: Buffer, atomic: boolean) => writePageSync(file, data, atomic, new Set(), { fresh: true }),
};

describe.each(Object.entries(writers))('page writes (%s)', (_name, write) => {
  it('a straight write over a longer page keeps its file and leaves exactly the new page', async () => {
    const file = path.join(dir, 'page.html');
    await fs.writeFile(file, `<html>${'old words '.repeat(2000)}</html>`);
    const inode = (await fs.stat(file)).ino;
    await write(file, Buffer.from('<html>new</html>'), false);
    expect(await fs.readFile(file, 'utf8')).toBe('<html>new</html>');
    expect((await fs.stat(file)).ino).toBe(inode);
    // Longer than before, and a new file.
    const long = `<p>${'é'.repeat(70_000)}</p>`;
    await write(file, Buffer.from(long), false);
    expect(await fs.readFile(file, 'utf8')).toBe(long);
    await write(path.join(dir, 'new.html'), Buffer.from('fresh'), false);
    expect(await fs.readFile(path.join(dir, 'new.html'), 'utf8')).toBe('fresh');
  });

  it('an atomic write replaces the page through a rename and leaves no temporary file', async () => {
    const file = path.join(dir, 'page.html');
    await fs.writeFile(file, 'old page, longer than the new one');
    const inode = (await fs.stat(file)).ino;
    await write(file, Buffer.from('new'), true);
    expect(await fs.readFile(file, 'utf8')).toBe('new');
    expect((await fs.stat(file)).ino).not.toBe(inode);
    expect(await fs.readdir(dir)).toEqual(['page.html']);
  });

  it('never writes through a symbolic link, and a refused write leaves nothing behind', async () => {
    const target = path.join(dir, 'secret.txt');
    await fs.writeFile(target, 'secret');
    const link = path.join(dir, 'page.html');
    await fs.symlink(target, link);
    await expect(write(link, Buffer.from('owned'), false)).rejects.toMatchObject({ code: 'ELOOP' });
    expect(await fs.readFile(target, 'utf8')).toBe('secret');
    // A folder in the way of an atomic write: the error comes back and no temporary file stays.
    await fs.mkdir(path.join(dir, 'taken.html'));
    await expect(write(path.join(dir, 'taken.html'), Buffer.from('x'), true)).rejects.toBeTruthy();
    expect((await fs.readdir(dir)).filter((n) => n.endsWith(TEMP_MARK))).toEqual([]);
  });
});

describe('page writes from a render worker (sync)', () => {
  it('makes the page\'s folder once and remembers it', async () => {
    const made = new Set<string>();
    const file = path.join(dir, 'posts', 'a', 'index.html');
    writePageSync(file, Buffer.from('one'), false, made);
    expect(made.has(path.dirname(file))).toBe(true);
    writePageSync(path.join(dir, 'posts', 'a', 'other.html'), Buffer.from('two'), false, made);
    expect(await fs.readFile(file, 'utf8')).toBe('one');
    expect((await fs.readdir(path.dirname(file))).sort()).toEqual(['index.html', 'other.html']);
  });
});

describe('turns at creating files (CreateTurns)', () => {
  it('one holder at a time, across threads: take waits for the holder in another thread to give it', async () => {
    const a = CreateTurns.create();
    const b = new CreateTurns(a.buffer);
    expect(a.tryTake()).toBe(true);
    expect(b.tryTake()).toBe(false);
    a.give();
    expect(b.tryTake()).toBe(true);
    b.give();
    // A thread holds the turn for 200 ms and marks when it gives it: take here returns only after that mark.
    const mark = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      `const { workerData: { turn, mark } } = require('node:worker_threads');
       const cell = new Int32Array(turn); Atomics.store(cell, 0, 1);
       Atomics.store(new Int32Array(mark), 0, 1);
       setTimeout(() => { Atomics.store(new Int32Array(mark), 0, 2); Atomics.store(cell, 0, 0); Atomics.notify(cell, 0, 1); }, 200);`,
      { eval: true, workerData: { turn: a.buffer, mark: mark.buffer } },
    );
    try {
      while (Atomics.load(mark, 0) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(a.tryTake()).toBe(false);
      a.take();
      expect(Atomics.load(mark, 0)).toBe(2);
      a.give();
    } finally {
      await worker.terminate();
    }
  });

  it('a holder that never gives the turn back (a worker ended mid-write) is overruled: take does not wait forever', () => {
    const gone = CreateTurns.create();
    expect(gone.tryTake()).toBe(true);
    const next = new CreateTurns(gone.buffer);
    const started = Date.now();
    next.take();
    expect(Date.now() - started).toBeGreaterThanOrEqual(TURN_WAIT_MAX_MS - 20);
    // It holds the turn now: the next one waits for it.
    expect(gone.tryTake()).toBe(false);
    next.give();
    expect(gone.tryTake()).toBe(true);
  });
});
