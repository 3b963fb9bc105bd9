import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { UPLOAD_FAILED, chunkCount, chunkRange, nextChunk, type uploadMachine, type UploadEvent } from '../../machines/upload.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { CHUNK, THRESHOLD, events } from './examples/upload.examples';
export { CHUNK, THRESHOLD, SMALL, BIG, TOKEN, HASH, ATTACHMENT, begin } from './examples/upload.examples';

// The upload chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof uploadMachine>;

export const ACTIONS = ['prepareFile', 'checkHash', 'sendFile', 'fetchStatus', 'sendChunk', 'rememberUpload', 'forgetUpload', 'abortUpload', 'finished'] as const;

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

/** Every shortest path of the model, offering in each state the events it accepts. */
export const uploadModelTests: ModelSuite<typeof uploadMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { serializeState: serializeTransition, limit: 100_000 });
  return model.getShortestPaths({ events: coverage.examples((s: Snapshot) => events(s).filter((e) => s.can(e))) }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, ACTIONS, coverage), uploadOracle),
  }));
};
