import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { imagesToInsert, typedUrlValid, type imageUploadMachine, type ImageUploadEvent, type UploadItem } from '../../machines/imageUpload.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { EVENTS } from './examples/imageUpload.examples';
export { A, B } from './examples/imageUpload.examples';

// The image dialog chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof imageUploadMachine>;

export const EFFECTS = ['startUploads', 'insertImages'] as const;

function expectInvariants(s: Snapshot) {
  const open = s.hasTag('open');
  const uploading = s.context.items.some((i) => i.status === 'uploading');
  expect(s.matches('closed')).toBe(!open);
  // Confirm waits for every upload: the view then shows a message asking to wait.
  expect(s.hasTag('uploading')).toBe(open && uploading);
  if (uploading) expect(s.can({ type: 'dialog.confirm' })).toBe(false);
  if (open && !uploading) expect(s.can({ type: 'dialog.confirm' })).toBe(typedUrlValid(s.context.url) && imagesToInsert(s.context).length > 0);
  expect(new Set(s.context.items.map((i) => i.key)).size).toBe(s.context.items.length);
  // The bar shows 100 % only for a finished upload, and a failure's message only for a failed one.
  for (const i of s.context.items) {
    expect(i.progress === 100).toBe(i.status === 'done');
    expect(i.error !== '').toBe(i.status === 'failed');
    expect(i.url !== '').toBe(i.status === 'done');
  }
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
      expect(a.items).toEqual([...b.items, ...fresh.map((f) => ({ ...f, status: 'uploading', url: '', error: '', progress: 0 }))]);
      return expect(effects).toEqual([{ type: 'startUploads', params: { keys: fresh.map((f) => f.key) } }]);
    }
    case 'upload.progress':
      expect(a.items).toEqual(b.items.map((i) => (i.key === event.key ? { ...i, progress: 42 } : i)));
      return expect(effects).toEqual([]);
    case 'upload.done':
      expect(item(a.items, event.key)).toMatchObject({ status: 'done', url: event.url, progress: 100 });
      return expect(effects).toEqual([]);
    case 'upload.failed':
      expect(item(a.items, event.key)).toMatchObject({ status: 'failed', error: event.message });
      return expect(effects).toEqual([]);
    case 'item.retry':
      expect(item(b.items, event.key)?.status).toBe('failed');
      expect(item(a.items, event.key)).toMatchObject({ status: 'uploading', error: '', progress: 0 });
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

export const imageUploadModelTests: ModelSuite<typeof imageUploadMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 50_000 });
  return model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage), uploadOracle),
  }));
};
