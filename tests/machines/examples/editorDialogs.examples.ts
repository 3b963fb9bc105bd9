import { editorDialogsMachine, TABLE_MAX_SIZE, type EditorDialogsEvent } from '../../../machines/editorDialogs.machine';
import { defineExamples } from './chart';

// The example events of the editorDialogs chart: its model-based test walks them and `npm run paths` prints them.

export const EVENTS: EditorDialogsEvent[] = [
  { type: 'link.open', link: { url: '', text: 'Banyan', newTab: false, editing: false } },
  { type: 'link.open', link: { url: 'https://banyan.test', text: 'Banyan', newTab: true, editing: true } },
  { type: 'link.change', change: { url: 'javascript:alert(1)' } },
  { type: 'link.change', change: { url: '/about', newTab: true } },
  { type: 'link.confirm' },
  { type: 'link.remove' },
  { type: 'table.open' },
  { type: 'table.change', rows: 2 },
  { type: 'table.change', cols: 0 },
  { type: 'table.change', rows: TABLE_MAX_SIZE + 1, cols: 4 },
  { type: 'table.confirm' },
  { type: 'dialog.close' },
];

export const editorDialogsExamples = defineExamples({
  machine: editorDialogsMachine,
  events: EVENTS,
});
