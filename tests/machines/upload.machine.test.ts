import { describe, expect, it } from 'vitest';
import { uploadMachine } from '../../machines/upload.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { ACTIONS, ATTACHMENT, BIG, HASH, SMALL, TOKEN, begin, uploadModelTests } from './upload.model';

const coverage = trackTransitions(uploadMachine);
const start = () => startRecorded(uploadMachine, ACTIONS, coverage);

describe('upload chart, every path of the model', () => {
  for (const test of uploadModelTests(uploadMachine, coverage)) it(test.name, test.run);
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
