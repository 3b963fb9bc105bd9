import { uploadMachine, type UploadEvent } from '../../../machines/upload.machine';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the upload chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof uploadMachine>;

// A chunk is 2 bytes and files above 3 bytes go in chunks: the big file is 3 chunks (2 + 2 + 1).
export const CHUNK = 2;
export const THRESHOLD = 3;
export const SMALL = { name: 'note.txt', size: 2, lastModified: 1 };
export const BIG = { name: 'film.mp4', size: 5, lastModified: 1 };
export const TOKEN = { basename: 'u-7f3a', path: 'tmp/u-7f3a' };
export const HASH = 'a'.repeat(64);
export const ATTACHMENT = { id: 9, name: 'film.mp4', url: '/uploads/film.mp4' };
export const begin = (file: typeof SMALL, resume: typeof TOKEN | null = null): UploadEvent => ({ type: 'upload.start', file, chunkSize: CHUNK, threshold: THRESHOLD, resume });

export function events({ context: c }: Snapshot): UploadEvent[] {
  const size = c.file?.size ?? 0;
  return [
    begin(SMALL),
    begin(BIG),
    begin(BIG, TOKEN),
    { type: 'prepare.done', size, hash: HASH },
    { type: 'prepare.done', size, hash: null },
    // Compression took the big file below the threshold.
    ...(size > THRESHOLD ? [{ type: 'prepare.done' as const, size: THRESHOLD, hash: null }] : []),
    { type: 'prepare.failed', message: 'unreadable' },
    { type: 'hash.found', attachment: ATTACHMENT },
    { type: 'hash.missing' },
    { type: 'hash.failed', message: 'forbidden' },
    { type: 'status.loaded', received: [2] },
    { type: 'status.loaded', received: [1, 2, 3, 9] },
    { type: 'status.failed', message: 'gone' },
    { type: 'upload.progress', percent: 40.6 },
    { type: 'upload.done', attachment: ATTACHMENT },
    { type: 'upload.failed', message: 'too large' },
    { type: 'chunk.sent', index: c.sending, token: TOKEN, received: [...c.received, c.sending] },
    { type: 'chunk.sent', index: c.sending, token: TOKEN, received: [1, 2, 3] },
    { type: 'chunk.done', index: c.sending, attachment: ATTACHMENT },
    { type: 'chunk.failed', index: c.sending, message: 'Upload failed' },
    { type: 'upload.retry' },
    { type: 'upload.cancel' },
  ];
}

export const uploadExamples = defineExamples({
  machine: uploadMachine,
  events: events,
});
