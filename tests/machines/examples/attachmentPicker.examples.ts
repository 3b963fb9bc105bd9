import { pickerMachine, type PickerEvent } from '../../../machines/attachmentPicker.machine';
import { defineExamples } from './chart';

// The example events of the attachmentPicker chart: its model-based test walks them and `npm run paths` prints them.

export const A = { id: 1, name: 'a.png', url: '/uploads/a.png', type: 2 };
export const B = { id: 2, name: 'b.png', url: '/uploads/b.png', type: 2 };
export const C = { id: 3, name: 'c.pdf', url: '/uploads/c.pdf', type: 1 };
export const EVENTS: PickerEvent[] = [
  { type: 'picker.open', max: 1, kind: 'image' },
  { type: 'picker.open', max: 2 },
  { type: 'item.toggle', item: A },
  { type: 'item.toggle', item: B },
  { type: 'item.toggle', item: C },
  { type: 'item.uploaded', item: B },
  { type: 'item.uploaded', item: C },
  { type: 'network.open' },
  { type: 'network.cancel' },
  { type: 'network.added', item: A },
  { type: 'network.added', item: C },
  { type: 'picker.confirm' },
  { type: 'picker.close' },
];

export const attachmentPickerExamples = defineExamples({
  machine: pickerMachine,
  events: EVENTS,
});
