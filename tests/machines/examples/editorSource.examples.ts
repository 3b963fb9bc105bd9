import { editorSourceMachine, type EditorSourceEvent } from '../../../machines/editorSource.machine';
import { defineExamples } from './chart';

// The example events of the editorSource chart: its model-based test walks them and `npm run paths` prints them.

export const EVENTS: EditorSourceEvent[] = [
  { type: 'source.open', html: '<p>Banyan</p>' },
  { type: 'source.edit', html: '<p>Banyan <b>tree</b></p><script>x</script>' },
  { type: 'source.edit', html: '' },
  { type: 'source.close' },
];

export const editorSourceExamples = defineExamples({
  machine: editorSourceMachine,
  events: EVENTS,
});
