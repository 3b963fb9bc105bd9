import { describe, expect, it } from 'vitest';
import { imageUploadMachine } from '../../machines/imageUpload.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { A, B, EFFECTS, imageUploadModelTests } from './imageUpload.model';

const coverage = trackTransitions(imageUploadMachine);
const start = () => startRecorded(imageUploadMachine, EFFECTS, coverage);

describe('image dialog chart, every path of the model', () => {
  for (const test of imageUploadModelTests(imageUploadMachine, coverage)) it(test.name, test.run);
});

describe('image dialog chart, what a writer sees', () => {
  it('confirm waits until every chosen image has uploaded, then inserts them all', () => {
    const { actor, take } = start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'files.choose', files: [A, B] });
    expect(take()).toEqual([{ type: 'startUploads', params: { keys: ['a', 'b'] } }]);
    actor.send({ type: 'upload.done', key: 'a', url: '/uploads/a.png' });
    expect(actor.getSnapshot().can({ type: 'dialog.confirm' })).toBe(false);
    actor.send({ type: 'upload.done', key: 'b', url: '/uploads/b.png' });
    actor.send({ type: 'dialog.confirm' });
    expect(take()).toEqual([{ type: 'insertImages', params: { images: [{ url: '/uploads/a.png', alt: 'a.png' }, { url: '/uploads/b.png', alt: 'b.png' }] } }]);
  });

  it('a failed upload can be removed, and the rest inserted', () => {
    const { actor, take } = start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'files.choose', files: [A, B] });
    actor.send({ type: 'upload.failed', key: 'a', message: 'too large' });
    actor.send({ type: 'upload.done', key: 'b', url: '/uploads/b.png' });
    actor.send({ type: 'item.remove', key: 'a' });
    take();
    actor.send({ type: 'dialog.confirm' });
    expect(take()).toEqual([{ type: 'insertImages', params: { images: [{ url: '/uploads/b.png', alt: 'b.png' }] } }]);
  });

  it('an upload finishing after the dialog was closed and opened again is ignored', () => {
    const { actor } = start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'files.choose', files: [A] });
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'upload.done', key: 'a', url: '/uploads/a.png' });
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
});

describe('image dialog chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
