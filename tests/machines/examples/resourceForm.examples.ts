import { type FieldErrors, type FormEvent, resourceFormMachine, type Values } from '../../../machines/resourceForm.machine';
import { defineExamples } from './chart';

// The example events of the resourceForm chart: its model-based test walks them and `npm run paths` prints them.

/** The stand-in for the shared schema: a name is required. */
export const validate = (values: Values): FieldErrors =>
  typeof values.name === 'string' && values.name.trim() !== '' ? {} : { name: 'validation.required' };
export const RECORD = { name: 'Tag', sort: 1 };
export const EVENTS: FormEvent[] = [
  { type: 'form.openCreate', values: {} },
  { type: 'form.openCreate', values: { name: 'Preset' } },
  { type: 'form.openEdit', id: 7 },
  { type: 'record.loaded', values: RECORD },
  { type: 'record.failed', message: 'not found' },
  { type: 'field.change', name: 'name', value: 'Renamed' },
  { type: 'field.change', name: 'name', value: '' },
  { type: 'form.submit' },
  { type: 'submit.done', message: 'saved successfully' },
  { type: 'submit.failed', message: 'name taken', field: 'name' },
  { type: 'submit.failed', message: 'server down' },
  { type: 'form.close' },
  { type: 'close.confirm' },
  { type: 'close.cancel' },
];

export const resourceFormExamples = defineExamples({
  machine: resourceFormMachine,
  events: EVENTS,
  input: { validate },
});
