import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { imageUploadMachine, imagesToInsert, typedUrlValid, type ImageUploadEvent, type UploadItem } from '../../machines/imageUpload.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof imageUploadMachine>;

const coverage = trackTransitions(imageUploadMachine);
const start = () => startRecorded(imageUploadMachine, ['startUploads', 'insertImages'], coverage);

const A = { key: 'a', name: 'a.png' };
const B = { key: 'b', name: 'b.png' };
const EVENTS: ImageUploadEvent[] = [
  { type: 'dialog.open' },
  { type: 'dialog.close' },
  { type: 'url.change', url: '' },
  { type: 'url.change', url: 'https://img.test/banyan.png' },
  { type: 'url.change', url: 'javascript:alert(1)' },
  { type: 'files.choose', files: [A] },
  { type: 'files.choose', files: [A, B] },
  { type: 'upload.done', key: 'a', url: '/uploads/a.png' },
  { type: 'upload.done', key: 'b', url: '/uploads/b.png' },
  { type: 'upload.failed', key: 'a', message: 'too large' },
  { type: 'item.retry', key: 'a' },
  { type: 'item.remove', key: 'a' },
  { type: 'item.remove', key: 'b' },
  { type: 'alt.change', alt: 'A banyan' },
  { type: 'dialog.confirm' },
];

function expectInvariants(s: Snapshot) {
  const open = s.hasTag('open');
  const uploading = s.context.items.some((i) => i.status === 'uploading');
  expect(s.matches('closed')).toBe(!open);
  // Confirm waits for every upload: the view then shows a message asking to wait.
  expect(s.hasTag('uploading')).toBe(open && uploading);
  if (uploading) expect(s.can({ type: 'dialog.confirm' })).toBe(false);
  if (open && !uploading) expect(s.can({ type: 'dialog.confirm' })).toBe(typedUrlValid(s.context.url) && imagesToInsert(s.context).length > 0);
  expect(new Set(s.context.items.map((i) => i.key)).size).toBe(s.context.items.length);
}

const item = (items: UploadItem[], key: string) => items.find((i) => i.key === key);

function uploadOracle({ before, after, event, effects }: StepCheck<Snapshot, ImageUploadEvent>) {
  expectInvariants(after);
  if (event.type === ('xstate.init' as string) || !before.can(event)) {
    expect(after.context).toEqual(before.context);
    return expect(effects).toEqual([]);
  }
  const b = before.context;
  const a = after.context;
  switch (event.type) {
    case 'dialog.open':
      expect(a).toEqual({ items: [], url: '', alt: '' });
      return expect(effects).toEqual([]);
    case 'dialog.close':
      expect(after.matches('closed')).toBe(true);
      return expect(effects).toEqual([]);
    case 'url.change':
      expect(a.url).toBe(event.url);
      return expect(effects).toEqual([]);
    case 'alt.change':
      expect(a.alt).toBe(event.alt);
      return expect(effects).toEqual([]);
    case 'files.choose': {
      const fresh = event.files.filter((f) => !item(b.items, f.key));
      expect(a.items).toEqual([...b.items, ...fresh.map((f) => ({ ...f, status: 'uploading', url: '', error: '' }))]);
      return expect(effects).toEqual([{ type: 'startUploads', params: { keys: fresh.map((f) => f.key) } }]);
    }
    case 'upload.done':
      expect(item(a.items, event.key)).toMatchObject({ status: 'done', url: event.url });
      return expect(effects).toEqual([]);
    case 'upload.failed':
      expect(item(a.items, event.key)).toMatchObject({ status: 'failed', error: event.message });
      return expect(effects).toEqual([]);
    case 'item.retry':
      expect(item(b.items, event.key)?.status).toBe('failed');
      expect(item(a.items, event.key)).toMatchObject({ status: 'uploading', error: '' });
      return expect(effects).toEqual([{ type: 'startUploads', params: { keys: [event.key] } }]);
    case 'item.remove':
      expect(item(b.items, event.key)?.status).not.toBe('uploading');
      expect(a.items.map((i) => i.key)).toEqual(b.items.map((i) => i.key).filter((k) => k !== event.key));
      return expect(effects).toEqual([]);
    case 'dialog.confirm':
      expect(after.matches('closed')).toBe(true);
      return expect(effects).toEqual([{ type: 'insertImages', params: { images: imagesToInsert(b) } }]);
  }
}

describe('image dialog chart, every path of the model', () => {
  const model = createTestModel(imageUploadMachine, { events: EVENTS, serializeState: serializeTransition, limit: 50_000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, uploadOracle));
  }
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
