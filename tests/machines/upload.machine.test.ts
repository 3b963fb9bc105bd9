import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { UPLOAD_FAILED, chunkCount, chunkRange, nextChunk, uploadMachine, type UploadEvent } from '../../machines/upload.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof uploadMachine>;

const ACTIONS = ['prepareFile', 'checkHash', 'sendFile', 'fetchStatus', 'sendChunk', 'rememberUpload', 'forgetUpload', 'abortUpload', 'finished'] as const;
const coverage = trackTransitions(uploadMachine);
const start = () => startRecorded(uploadMachine, ACTIONS, coverage);

// A chunk is 2 bytes and files above 3 bytes go in chunks: the big file is 3 chunks (2 + 2 + 1).
const CHUNK = 2;
const THRESHOLD = 3;
const SMALL = { name: 'note.txt', size: 2, lastModified: 1 };
const BIG = { name: 'film.mp4', size: 5, lastModified: 1 };
const TOKEN = { basename: 'u-7f3a', path: 'tmp/u-7f3a' };
const HASH = 'a'.repeat(64);
const ATTACHMENT = { id: 9, name: 'film.mp4', url: '/uploads/film.mp4' };
const begin = (file: typeof SMALL, resume: typeof TOKEN | null = null): UploadEvent => ({ type: 'upload.start', file, chunkSize: CHUNK, threshold: THRESHOLD, resume });

function events({ context: c }: Snapshot): UploadEvent[] {
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

const STATES: Record<string, string[]> = {
  '"idle"': [],
  '{"active":"preparing"}': ['busy'],
  '{"active":"checking"}': ['busy'],
  '{"active":"uploading"}': ['busy', 'progress'],
  '{"active":"resuming"}': ['busy', 'progress'],
  '{"active":"chunking"}': ['busy', 'progress'],
  '"failed"': ['failed'],
  '"done"': ['done'],
  '"cancelled"': ['cancelled'],
};
const TAGS = ['busy', 'progress', 'failed', 'done', 'cancelled'];

function expectViews(s: Snapshot) {
  const tags = STATES[JSON.stringify(s.value)];
  expect(tags, `no expectations for ${JSON.stringify(s.value)}`).toBeDefined();
  for (const tag of TAGS) expect(s.hasTag(tag), `tag ${tag}`).toBe(tags!.includes(tag));
  const c = s.context;
  expect(c.progress).toBeGreaterThanOrEqual(0);
  // 100 % is shown only for a finished upload.
  expect(c.progress === 100).toBe(s.hasTag('done'));
  expect(c.result !== null).toBe(s.hasTag('done'));
  expect(c.error !== null).toBe(s.hasTag('failed'));
  expect(s.can({ type: 'upload.retry' })).toBe(s.hasTag('failed'));
  expect(s.can({ type: 'upload.cancel' })).toBe(s.hasTag('busy') || s.hasTag('failed'));
  if (s.matches({ active: 'chunking' })) {
    expect(c.mode).toBe('chunked');
    expect(c.sending).toBe(nextChunk(c.total, c.received));
  }
  for (const i of c.received) expect(i >= 1 && i <= c.total).toBe(true);
}

/** What entering the sending state the actor is in must have asked for. */
function sendingEffect(s: Snapshot): Call {
  const c = s.context;
  if (s.matches({ active: 'uploading' })) return { type: 'sendFile', params: null };
  if (s.matches({ active: 'resuming' })) return { type: 'fetchStatus', params: c.token };
  const index = nextChunk(c.total, c.received);
  return { type: 'sendChunk', params: { index, total: c.total, ...chunkRange(index, c.size, CHUNK), basename: c.token?.basename ?? '', path: c.token?.path ?? '' } };
}

function uploadOracle({ before, after, event, effects }: StepCheck<Snapshot, UploadEvent>) {
  expectViews(after);
  const b = before.context;
  const a = after.context;
  if (event.type === ('xstate.init' as string)) return expect(effects).toEqual([]);
  switch (event.type) {
    case 'upload.start':
      expect(a).toMatchObject({ file: event.file, size: event.file.size, token: event.resume, received: [], progress: 0 });
      return expect(effects).toEqual([{ type: 'prepareFile', params: null }]);
    case 'prepare.done':
      expect(a.size).toBe(event.size);
      if (event.hash) {
        expect(after.matches({ active: 'checking' })).toBe(true);
        return expect(effects).toEqual([{ type: 'checkHash', params: { hash: event.hash, size: event.size } }]);
      }
      // Decided by size: chunks strictly above the threshold, resuming when a token was kept.
      expect(a.mode).toBe(event.size > THRESHOLD ? 'chunked' : 'simple');
      expect(after.matches({ active: 'resuming' })).toBe(event.size > THRESHOLD && b.token !== null);
      return expect(effects).toEqual([sendingEffect(after)]);
    case 'prepare.failed':
    case 'upload.failed':
      expect(a.error).toBe(event.message);
      return expect(effects).toEqual([]);
    case 'hash.found':
      expect(a).toMatchObject({ result: event.attachment, instant: true, progress: 100 });
      return expect(effects).toEqual([{ type: 'forgetUpload', params: null }, { type: 'finished', params: { attachment: event.attachment } }]);
    case 'hash.missing':
    case 'hash.failed':
      expect(a.mode).toBe(b.size > THRESHOLD ? 'chunked' : 'simple');
      return expect(effects).toEqual([sendingEffect(after)]);
    case 'status.loaded':
      // Only chunks of this file count; sending goes on from the first missing one.
      expect(a.received).toEqual(event.received.filter((i) => i <= chunkCount(b.size, CHUNK)));
      expect(a.progress).toBeLessThan(100);
      return expect(effects).toEqual([sendingEffect(after)]);
    case 'status.failed':
      expect([a.token, a.received]).toEqual([null, []]);
      return expect(effects).toEqual([{ type: 'forgetUpload', params: null }, sendingEffect(after)]);
    case 'upload.progress':
      expect(a.progress).toBe(40);
      return expect(effects).toEqual([]);
    case 'upload.done':
    case 'chunk.done':
      expect(a).toMatchObject({ result: event.attachment, progress: 100, instant: false });
      return expect(effects).toEqual([
        ...(event.type === 'chunk.done' ? [{ type: 'forgetUpload', params: null }] : []),
        { type: 'finished', params: { attachment: event.attachment } },
      ]);
    case 'chunk.sent':
      if ([1, 2, 3].slice(0, b.total).every((i) => event.received.includes(i))) {
        // Code 1 with nothing missing: the server would never finish.
        expect(after.matches('failed')).toBe(true);
        expect(a.error).toBe(UPLOAD_FAILED);
        return expect(effects).toEqual([]);
      }
      expect(a.token).toEqual(event.token);
      expect(a.received).toEqual([...new Set([...b.received, ...event.received])].sort());
      expect(a.progress).toBeGreaterThan(b.progress);
      return expect(effects).toEqual([...(b.token === null ? [{ type: 'rememberUpload', params: event.token }] : []), sendingEffect(after)]);
    case 'chunk.failed':
      expect(a.error).toBe(event.message);
      expect(a.received).toEqual(b.received);
      return expect(effects).toEqual([]);
    case 'upload.retry':
      expect(a.error).toBeNull();
      if (!b.prepared) return expect(effects).toEqual([{ type: 'prepareFile', params: null }]);
      expect(after.matches({ active: 'resuming' })).toBe(b.mode === 'chunked' && b.token !== null);
      return expect(effects).toEqual([sendingEffect(after)]);
    case 'upload.cancel':
      expect(after.matches('cancelled')).toBe(true);
      return expect(effects).toEqual(before.hasTag('busy') ? [{ type: 'abortUpload', params: null }] : []);
  }
}

describe('upload chart, every path of the model', () => {
  const model = createTestModel(uploadMachine, { serializeState: serializeTransition, limit: 100_000 });
  for (const path of model.getShortestPaths({ events: (s: Snapshot) => events(s).filter((e) => s.can(e)) })) {
    it(describePath(path), () => walkPath(path, start, uploadOracle));
  }
});

describe('upload chart, what a user sees', () => {
  const chunked = (resume: typeof TOKEN | null = null) => {
    const up = start();
    up.actor.send(begin(BIG, resume));
    up.actor.send({ type: 'prepare.done', size: BIG.size, hash: HASH });
    up.actor.send({ type: 'hash.missing' });
    return up;
  };

  it('a file below the threshold goes in one request, with its progress percent', () => {
    const { actor, take } = start();
    actor.send(begin(SMALL));
    actor.send({ type: 'prepare.done', size: SMALL.size, hash: null });
    expect(take()).toEqual([{ type: 'prepareFile', params: null }, { type: 'sendFile', params: null }]);
    actor.send({ type: 'upload.progress', percent: 100 });
    // The bytes are sent, but the server has not answered: not 100 % yet.
    expect(actor.getSnapshot().context.progress).toBe(99);
    actor.send({ type: 'upload.done', attachment: ATTACHMENT });
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    expect(actor.getSnapshot().context.progress).toBe(100);
  });

  it('a file above the threshold goes chunk by chunk, the first without a token and the others with the one the server issued', () => {
    const { actor, take } = chunked();
    expect(take().at(-1)).toEqual({ type: 'sendChunk', params: { index: 1, total: 3, start: 0, end: 2, basename: '', path: '' } });
    actor.send({ type: 'chunk.sent', index: 1, token: TOKEN, received: [1] });
    expect(take()).toEqual([
      { type: 'rememberUpload', params: TOKEN },
      { type: 'sendChunk', params: { index: 2, total: 3, start: 2, end: 4, ...TOKEN } },
    ]);
    expect(actor.getSnapshot().context.progress).toBe(40);
    actor.send({ type: 'chunk.sent', index: 2, token: TOKEN, received: [1, 2] });
    expect(take()).toEqual([{ type: 'sendChunk', params: { index: 3, total: 3, start: 4, end: 5, ...TOKEN } }]);
    actor.send({ type: 'chunk.done', index: 3, attachment: ATTACHMENT });
    expect(take()).toEqual([{ type: 'forgetUpload', params: null }, { type: 'finished', params: { attachment: ATTACHMENT } }]);
  });

  it('a retry asks the server what it holds and sends only the missing chunks', () => {
    const { actor, take } = chunked();
    actor.send({ type: 'chunk.sent', index: 1, token: TOKEN, received: [1] });
    actor.send({ type: 'chunk.failed', index: 2, message: 'network' });
    take();
    actor.send({ type: 'upload.retry' });
    expect(take()).toEqual([{ type: 'fetchStatus', params: TOKEN }]);
    // Chunk 2 did arrive although its answer was lost: chunk 3 is next.
    actor.send({ type: 'status.loaded', received: [1, 2] });
    expect(take()).toEqual([{ type: 'sendChunk', params: { index: 3, total: 3, start: 4, end: 5, ...TOKEN } }]);
  });

  it('after a reload, the same file resumes from the first missing chunk', () => {
    const { actor, take } = chunked(TOKEN);
    expect(take().at(-1)).toEqual({ type: 'fetchStatus', params: TOKEN });
    actor.send({ type: 'status.loaded', received: [1, 3] });
    expect(take()).toEqual([{ type: 'sendChunk', params: { index: 2, total: 3, start: 2, end: 4, ...TOKEN } }]);
    expect(actor.getSnapshot().context.progress).toBe(60);
  });

  it('a file the server already holds completes at once, without sending it', () => {
    const { actor, take } = start();
    actor.send(begin(BIG));
    actor.send({ type: 'prepare.done', size: BIG.size, hash: HASH });
    expect(take()).toEqual([{ type: 'prepareFile', params: null }, { type: 'checkHash', params: { hash: HASH, size: BIG.size } }]);
    actor.send({ type: 'hash.found', attachment: ATTACHMENT });
    expect(actor.getSnapshot().context).toMatchObject({ instant: true, progress: 100, result: ATTACHMENT });
    expect(take().map((c) => c.type)).toEqual(['forgetUpload', 'finished']);
  });

  it('an answer for another chunk than the one awaited is ignored', () => {
    const { actor, take } = chunked();
    take();
    const before = actor.getSnapshot();
    actor.send({ type: 'chunk.sent', index: 2, token: TOKEN, received: [2] });
    actor.send({ type: 'chunk.done', index: 3, attachment: ATTACHMENT });
    expect(actor.getSnapshot()).toBe(before);
    expect(take()).toEqual([]);
  });

  it('cancelling aborts the request in flight and later answers change nothing', () => {
    const { actor, take } = chunked();
    take();
    actor.send({ type: 'upload.cancel' });
    expect(take()).toEqual([{ type: 'abortUpload', params: null }]);
    actor.send({ type: 'chunk.sent', index: 1, token: TOKEN, received: [1] });
    expect(actor.getSnapshot().hasTag('cancelled')).toBe(true);
  });
});

describe('upload chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
