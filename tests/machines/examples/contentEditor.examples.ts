import { contentEditorMachine, type ContentEditorEvent, type Values } from '../../../machines/contentEditor.machine';
import { defineExamples } from './chart';

// The example events of the contentEditor chart: its model-based test walks them and `npm run paths` prints them.

/** The stand-in validation: a title is required. */
export const validate = (values: Values): Record<string, string> => (values.title ? {} : { title: 'required' });
export const input = { id: 7, categoryId: 3, validate };
export const STALE = { version: 5, updated_by_name: 'Li Lei', updated_at: '2026-11-23T08:00:00.000Z' };
export const EVENTS: ContentEditorEvent[] = [
  { type: 'loaded', id: 7, version: 4, values: { title: 'Stored' } },
  { type: 'loaded', id: 7, version: 4, values: { title: 'Stored', status: 2 }, audited: true },
  { type: 'load.failed', message: 'offline' },
  { type: 'field.change', name: 'title', value: '' },
  { type: 'field.change', name: 'title', value: 'Mine' },
  { type: 'save' },
  { type: 'save.publish' },
  { type: 'submit.done' },
  { type: 'submit.failed' },
  { type: 'save.done', id: 7, version: 6, message: 'Saved' },
  { type: 'save.failed', message: 'Title too long', field: 'title' },
  { type: 'save.conflict', stale: STALE, message: 'Edited meanwhile' },
  { type: 'conflict.reload' },
  { type: 'conflict.overwrite' },
  { type: 'reload' },
];

export const contentEditorExamples = defineExamples({
  machine: contentEditorMachine,
  events: EVENTS,
  input,
});
