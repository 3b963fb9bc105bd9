import { assign, setup } from 'xstate';
import { urlAllowed } from '../models/html';

// The editor's image dialog: images by URL and by upload (several at once). Confirm stays unavailable
// while any upload runs (the view says to wait); a failed upload can be retried or removed. Answers for
// uploads of an earlier opening of the dialog are ignored. The app provides startUploads (each key's file
// goes through the attachment upload chart, machines/upload.machine.ts, which answers with
// upload.progress / upload.done / upload.failed for the key) and insertImages.

export type UploadStatus = 'uploading' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  status: UploadStatus;
  url: string;
  error: string;
  /** Whole percent sent, as the upload chart reports it; 100 once done. */
  progress: number;
}

export interface ImageUploadContext {
  items: UploadItem[];
  url: string;
  alt: string;
}

export type ImageUploadEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'url.change'; url: string }
  | { type: 'alt.change'; alt: string }
  | { type: 'files.choose'; files: Array<{ key: string; name: string }> }
  | { type: 'upload.progress'; key: string; percent: number }
  | { type: 'upload.done'; key: string; url: string }
  | { type: 'upload.failed'; key: string; message: string }
  | { type: 'item.retry'; key: string }
  | { type: 'item.remove'; key: string }
  | { type: 'dialog.confirm' };

/** A typed URL that can be inserted: empty (none) or one the allowlist accepts. */
export const typedUrlValid = (url: string) => url.trim() === '' || urlAllowed(url.trim());

/** What confirm inserts: every uploaded image, then the typed URL. */
export function imagesToInsert(c: ImageUploadContext): Array<{ url: string; alt: string }> {
  const uploaded = c.items.filter((i) => i.status === 'done').map((i) => ({ url: i.url, alt: c.alt.trim() || i.name }));
  const typed = c.url.trim() && urlAllowed(c.url.trim()) ? [{ url: c.url.trim(), alt: c.alt.trim() }] : [];
  return [...uploaded, ...typed];
}

const freshFiles = (c: ImageUploadContext, files: Array<{ key: string; name: string }>) => files.filter((f) => !c.items.some((i) => i.key === f.key));
const withStatus = (items: UploadItem[], key: string, change: Partial<UploadItem>) => items.map((i) => (i.key === key ? { ...i, ...change } : i));
const itemIs = (c: ImageUploadContext, key: string, status: UploadStatus) => c.items.some((i) => i.key === key && i.status === status);

export const imageUploadMachine = setup({
  types: { context: {} as ImageUploadContext, events: {} as ImageUploadEvent },
  actions: {
    startUploads: (_, _params: { keys: string[] }) => {},
    insertImages: (_, _params: { images: Array<{ url: string; alt: string }> }) => {},
  },
  guards: {
    anyUploading: ({ context }) => context.items.some((i) => i.status === 'uploading'),
    insertable: ({ context }) => typedUrlValid(context.url) && imagesToInsert(context).length > 0,
    awaited: ({ context, event }) => 'key' in event && itemIs(context, event.key, 'uploading'),
    failed: ({ context, event }) => 'key' in event && itemIs(context, event.key, 'failed'),
    removable: ({ context, event }) => 'key' in event && context.items.some((i) => i.key === event.key && i.status !== 'uploading'),
    newFiles: ({ context, event }) => event.type === 'files.choose' && freshFiles(context, event.files).length > 0,
  },
}).createMachine({
  id: 'imageUpload',
  context: { items: [], url: '', alt: '' },
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'open', actions: assign({ items: [], url: '', alt: '' }) } },
    },
    open: {
      tags: ['open'],
      initial: 'ready',
      on: {
        'dialog.close': 'closed',
        'url.change': { actions: assign({ url: ({ event }) => event.url }) },
        'alt.change': { actions: assign({ alt: ({ event }) => event.alt }) },
        'files.choose': {
          guard: 'newFiles',
          target: '.uploading',
          actions: [
            { type: 'startUploads', params: ({ context, event }) => ({ keys: freshFiles(context, event.files).map((f) => f.key) }) },
            assign({
              items: ({ context, event }) => [
                ...context.items,
                ...freshFiles(context, event.files).map((f) => ({ key: f.key, name: f.name, status: 'uploading' as const, url: '', error: '', progress: 0 })),
              ],
            }),
          ],
        },
        'upload.progress': {
          guard: 'awaited',
          actions: assign({ items: ({ context, event }) => withStatus(context.items, event.key, { progress: Math.max(0, Math.min(99, Math.floor(event.percent))) }) }),
        },
        'upload.done': { guard: 'awaited', target: '.checking', actions: assign({ items: ({ context, event }) => withStatus(context.items, event.key, { status: 'done', url: event.url, progress: 100 }) }) },
        'upload.failed': { guard: 'awaited', target: '.checking', actions: assign({ items: ({ context, event }) => withStatus(context.items, event.key, { status: 'failed', error: event.message }) }) },
        'item.retry': {
          guard: 'failed',
          target: '.uploading',
          actions: [assign({ items: ({ context, event }) => withStatus(context.items, event.key, { status: 'uploading', error: '', progress: 0 }) }), { type: 'startUploads', params: ({ event }) => ({ keys: [event.key] }) }],
        },
        'item.remove': { guard: 'removable', actions: assign({ items: ({ context, event }) => context.items.filter((i) => i.key !== event.key) }) },
      },
      states: {
        checking: { always: [{ guard: 'anyUploading', target: 'uploading' }, { target: 'ready' }] },
        ready: {
          on: { 'dialog.confirm': { guard: 'insertable', target: '#imageUpload.closed', actions: { type: 'insertImages', params: ({ context }) => ({ images: imagesToInsert(context) }) } } },
        },
        uploading: { tags: ['uploading'] },
      },
    },
  },
});
