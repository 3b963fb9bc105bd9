import { assign, setup } from 'xstate';

// One file's upload (spec §4 "Upload", §8 "Chunk upload"): prepare the bytes (optional image
// compression, SHA-256 for instant upload), ask the server whether it already holds them, then send
// the file in one request below the chunk threshold or chunk by chunk above it, with a progress
// percent, until done or failed. A failed upload can be retried and re-sends only the chunks the
// server lacks; a chunked upload interrupted by a page reload resumes when the same file is chosen
// again (the app keeps the server's temporary name and path and passes them as `resume`).
// The app provides the effects; each answers with an event.

/** Error key when the server keeps asking for chunks it already has (spec: anything else aborts). */
export const UPLOAD_FAILED = 'attachment.upload.failed';

export interface UploadedAttachment {
  id: number;
  name: string;
  url: string;
}

/** The server-issued identity of a chunked upload in progress. */
export interface ResumeToken {
  basename: string;
  path: string;
}

export interface UploadFile {
  name: string;
  size: number;
  lastModified: number;
}

// ---- chunk arithmetic (pure; property-tested) ----

/** Chunks a file of `size` bytes needs (at least one, so an empty file still makes one request). */
export const chunkCount = (size: number, chunkSize: number) => Math.max(1, Math.ceil(size / chunkSize));

/** Byte range [start, end) of the 1-based chunk `index`. */
export function chunkRange(index: number, size: number, chunkSize: number): { start: number; end: number } {
  const start = (index - 1) * chunkSize;
  return { start, end: Math.min(size, start + chunkSize) };
}

/** A file strictly larger than the threshold (chunk_condition KB × 1024) goes in chunks. */
export const usesChunks = (size: number, thresholdBytes: number) => size > thresholdBytes;

/** 1-based chunk indexes of 1..total the server does not hold yet, in order. */
export function missingChunks(total: number, received: readonly number[]): number[] {
  const have = new Set(received);
  const out: number[] = [];
  for (let i = 1; i <= total; i++) if (!have.has(i)) out.push(i);
  return out;
}

/** Bytes covered by the received chunks, as a whole percent (100 only when every byte is there). */
export function chunkPercent(received: readonly number[], size: number, chunkSize: number): number {
  const total = chunkCount(size, chunkSize);
  if (size === 0) return received.includes(1) ? 100 : 0;
  let bytes = 0;
  for (const i of new Set(received)) if (i >= 1 && i <= total) bytes += chunkRange(i, size, chunkSize).end - chunkRange(i, size, chunkSize).start;
  return Math.floor((bytes / size) * 100);
}

/** Which chunk to send next: the first missing one; when none is missing, the last (a duplicate is harmless and lets the server finish). */
export function nextChunk(total: number, received: readonly number[]): number {
  return missingChunks(total, received)[0] ?? total;
}

// ---- the chart ----

export interface UploadContext {
  file: UploadFile | null;
  chunkSize: number;
  threshold: number;
  /** Bytes that will be sent (after compression). */
  size: number;
  hash: string | null;
  prepared: boolean;
  mode: 'simple' | 'chunked' | null;
  total: number;
  received: number[];
  /** The chunk whose answer is awaited. */
  sending: number;
  token: ResumeToken | null;
  progress: number;
  result: UploadedAttachment | null;
  /** Completed by hash, without sending the bytes. */
  instant: boolean;
  error: string | null;
}

export type UploadEvent =
  | { type: 'upload.start'; file: UploadFile; chunkSize: number; threshold: number; resume: ResumeToken | null }
  | { type: 'prepare.done'; size: number; hash: string | null }
  | { type: 'prepare.failed'; message: string }
  | { type: 'hash.found'; attachment: UploadedAttachment }
  | { type: 'hash.missing' }
  | { type: 'hash.failed'; message: string }
  | { type: 'status.loaded'; received: number[] }
  | { type: 'status.failed'; message: string }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; attachment: UploadedAttachment }
  | { type: 'upload.failed'; message: string }
  | { type: 'chunk.sent'; index: number; token: ResumeToken; received: number[] }
  | { type: 'chunk.done'; index: number; attachment: UploadedAttachment }
  | { type: 'chunk.failed'; index: number; message: string }
  | { type: 'upload.retry' }
  | { type: 'upload.cancel' };

export interface ChunkRequest {
  index: number;
  total: number;
  start: number;
  end: number;
  /** Empty for the first chunk of a new upload. */
  basename: string;
  path: string;
}

const inRange = (total: number, received: readonly number[]) => [...new Set(received)].filter((i) => Number.isInteger(i) && i >= 1 && i <= total).sort((a, b) => a - b);

const chunkRequest = (c: UploadContext): ChunkRequest => {
  const index = nextChunk(c.total, c.received);
  return { index, total: c.total, ...chunkRange(index, c.size, c.chunkSize), basename: c.token?.basename ?? '', path: c.token?.path ?? '' };
};

const EMPTY: UploadContext = {
  file: null,
  chunkSize: 1,
  threshold: 0,
  size: 0,
  hash: null,
  prepared: false,
  mode: null,
  total: 0,
  received: [],
  sending: 0,
  token: null,
  progress: 0,
  result: null,
  instant: false,
  error: null,
};

export const uploadMachine = setup({
  types: { context: {} as UploadContext, events: {} as UploadEvent },
  actions: {
    /** Compress (when asked) and hash the file; answers prepare.done / prepare.failed. */
    prepareFile: () => {},
    /** POST attachment/checkHash; answers hash.found / hash.missing / hash.failed. */
    checkHash: (_, _params: { hash: string; size: number }) => {},
    /** POST attachment/uploadAndSave with progress; answers upload.progress / upload.done / upload.failed. */
    sendFile: () => {},
    /** GET attachment/sliceStatus; answers status.loaded / status.failed. */
    fetchStatus: (_, _params: ResumeToken) => {},
    /** POST attachment/sliceUploadAndSave; answers chunk.sent (code 1) / chunk.done (code 0) / chunk.failed. */
    sendChunk: (_, _params: ChunkRequest) => {},
    /** Keep the server's token so a reload can resume. */
    rememberUpload: (_, _params: ResumeToken) => {},
    forgetUpload: () => {},
    /** Abort the request in flight. */
    abortUpload: () => {},
    /** The attachment exists now (the list reloads, the picker may select it). */
    finished: (_, _params: { attachment: UploadedAttachment }) => {},
  },
  guards: {
    hashed: ({ event }) => event.type === 'prepare.done' && event.hash !== null,
    chunkedWithToken: ({ context }) => usesChunks(context.size, context.threshold) && context.token !== null,
    chunked: ({ context }) => usesChunks(context.size, context.threshold),
    awaited: ({ context, event }) => 'index' in event && event.index === context.sending,
    /** Code 1 although nothing is missing: the server will never finish. */
    neverFinishes: ({ context, event }) =>
      event.type === 'chunk.sent' && event.index === context.sending && missingChunks(context.total, event.received).length === 0,
    firstAnswer: ({ context, event }) => event.type === 'chunk.sent' && event.index === context.sending && context.token === null,
    notPrepared: ({ context }) => !context.prepared,
    resumable: ({ context }) => context.mode === 'chunked' && context.token !== null,
    chunkMode: ({ context }) => context.mode === 'chunked',
  },
}).createMachine({
  id: 'upload',
  context: EMPTY,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'upload.start': {
          target: 'active.preparing',
          actions: assign(({ event }) => ({
            ...EMPTY,
            file: event.file,
            size: event.file.size,
            chunkSize: Math.max(1, event.chunkSize),
            threshold: event.threshold,
            token: event.resume,
          })),
        },
      },
    },
    active: {
      tags: ['busy'],
      initial: 'preparing',
      on: { 'upload.cancel': { target: 'cancelled', actions: 'abortUpload' } },
      states: {
        preparing: {
          entry: 'prepareFile',
          on: {
            'prepare.done': [
              { guard: 'hashed', target: 'checking', actions: assign({ size: ({ event }) => event.size, hash: ({ event }) => event.hash, prepared: true }) },
              { target: 'deciding', actions: assign({ size: ({ event }) => event.size, hash: null, prepared: true }) },
            ],
            'prepare.failed': { target: '#upload.failed', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
        checking: {
          entry: { type: 'checkHash', params: ({ context }) => ({ hash: context.hash ?? '', size: context.size }) },
          on: {
            'hash.found': {
              target: '#upload.done',
              actions: [assign({ result: ({ event }) => event.attachment, instant: true, progress: 100 }), 'forgetUpload', { type: 'finished', params: ({ event }) => ({ attachment: event.attachment }) }],
            },
            'hash.missing': 'deciding',
            // Instant upload is a shortcut only: without an answer, the bytes are sent.
            'hash.failed': 'deciding',
          },
        },
        deciding: {
          always: [
            { guard: 'chunkedWithToken', target: 'resuming', actions: assign({ mode: 'chunked', total: ({ context }) => chunkCount(context.size, context.chunkSize) }) },
            { guard: 'chunked', target: 'chunking', actions: assign({ mode: 'chunked', total: ({ context }) => chunkCount(context.size, context.chunkSize) }) },
            { target: 'uploading', actions: assign({ mode: 'simple', total: 1 }) },
          ],
        },
        uploading: {
          tags: ['progress'],
          entry: [assign({ progress: 0, error: null }), 'sendFile'],
          on: {
            'upload.progress': { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(99, Math.floor(event.percent))) }) },
            'upload.done': {
              target: '#upload.done',
              actions: [assign({ result: ({ event }) => event.attachment, progress: 100 }), { type: 'finished', params: ({ event }) => ({ attachment: event.attachment }) }],
            },
            'upload.failed': { target: '#upload.failed', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
        resuming: {
          tags: ['progress'],
          entry: { type: 'fetchStatus', params: ({ context }) => context.token! },
          on: {
            'status.loaded': {
              target: 'chunking',
              actions: assign({
                received: ({ context, event }) => inRange(context.total, event.received),
                progress: ({ context, event }) => Math.min(99, chunkPercent(inRange(context.total, event.received), context.size, context.chunkSize)),
              }),
            },
            // The server no longer knows the upload (expired, purged): start over.
            'status.failed': { target: 'chunking', actions: [assign({ token: null, received: [], progress: 0 }), 'forgetUpload'] },
          },
        },
        chunking: {
          tags: ['progress'],
          entry: [
            assign({ sending: ({ context }) => nextChunk(context.total, context.received), error: null }),
            { type: 'sendChunk', params: ({ context }) => chunkRequest(context) },
          ],
          on: {
            'chunk.sent': [
              { guard: 'neverFinishes', target: '#upload.failed', actions: assign({ error: UPLOAD_FAILED }) },
              {
                guard: 'firstAnswer',
                target: 'chunking',
                reenter: true,
                actions: [
                  assign({
                    token: ({ event }) => event.token,
                    received: ({ context, event }) => inRange(context.total, [...context.received, ...event.received, event.index]),
                  }),
                  { type: 'rememberUpload', params: ({ event }) => event.token },
                  assign({ progress: ({ context }) => Math.min(99, chunkPercent(context.received, context.size, context.chunkSize)) }),
                ],
              },
              {
                guard: 'awaited',
                target: 'chunking',
                reenter: true,
                actions: [
                  assign({ received: ({ context, event }) => inRange(context.total, [...context.received, ...event.received, event.index]) }),
                  assign({ progress: ({ context }) => Math.min(99, chunkPercent(context.received, context.size, context.chunkSize)) }),
                ],
              },
            ],
            'chunk.done': {
              guard: 'awaited',
              target: '#upload.done',
              actions: [
                assign({ result: ({ event }) => event.attachment, progress: 100, received: ({ context }) => missingChunks(context.total, []) }),
                'forgetUpload',
                { type: 'finished', params: ({ event }) => ({ attachment: event.attachment }) },
              ],
            },
            'chunk.failed': { guard: 'awaited', target: '#upload.failed', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'upload.retry': [
          { guard: 'notPrepared', target: 'active.preparing', actions: assign({ error: null }) },
          // Ask the server which chunks it holds: only the missing ones are sent again.
          { guard: 'resumable', target: 'active.resuming', actions: assign({ error: null }) },
          { guard: 'chunkMode', target: 'active.chunking', actions: assign({ error: null }) },
          { target: 'active.uploading', actions: assign({ error: null }) },
        ],
        'upload.cancel': { target: 'cancelled', actions: assign({ error: null }) },
      },
    },
    done: { tags: ['done'] },
    cancelled: { tags: ['cancelled'] },
  },
});
