import { imageUploadMachine, type ImageUploadEvent } from '../../../machines/imageUpload.machine';
import { defineExamples } from './chart';

// The example events of the imageUpload chart: its model-based test walks them and `npm run paths` prints them.


export const A = { key: 'a', name: 'a.png' };
export const B = { key: 'b', name: 'b.png' };
export const EVENTS: ImageUploadEvent[] = [
  { type: 'dialog.open' },
  { type: 'dialog.close' },
  { type: 'url.change', url: '' },
  { type: 'url.change', url: 'https://img.test/banyan.png' },
  { type: 'url.change', url: 'javascript:alert(1)' },
  { type: 'files.choose', files: [A] },
  { type: 'files.choose', files: [A, B] },
  { type: 'upload.progress', key: 'a', percent: 42.7 },
  { type: 'upload.done', key: 'a', url: '/uploads/a.png' },
  { type: 'upload.done', key: 'b', url: '/uploads/b.png' },
  { type: 'upload.failed', key: 'a', message: 'too large' },
  { type: 'item.retry', key: 'a' },
  { type: 'item.remove', key: 'a' },
  { type: 'item.remove', key: 'b' },
  { type: 'alt.change', alt: 'A banyan' },
  { type: 'dialog.confirm' },
];

export const imageUploadExamples = defineExamples({
  machine: imageUploadMachine,
  events: EVENTS,
});
