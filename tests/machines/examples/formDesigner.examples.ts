import { formDesignerMachine, type FormDesignerEvent } from '../../../machines/formDesigner.machine';
import { GRID_COLUMNS } from '../../../models/constants';
import { defaultFormOptions, type FormDesign, type FormRule } from '../../../models/formRules';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the formDesigner chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof formDesignerMachine>;

export const FORM_ID = 7;
export const input = { id: FORM_ID, options: defaultFormOptions() };

export const nameRule: FormRule = {
  field: 'name',
  title: 'Name',
  type: 'input',
  validate: [{ required: true }],
  props: {},
  attrs: { grid: { x: 0, y: 0, w: GRID_COLUMNS, h: 1 } },
};
export const phoneRule: FormRule = { field: 'phone', title: 'Phone', type: 'input', attrs: { grid: { x: 0, y: 1, w: GRID_COLUMNS, h: 1 } } };
export const loaded: FormDesign = { rules: [nameRule, phoneRule], options: defaultFormOptions() };
export const imported: FormDesign = {
  rules: [{ field: 'email', title: 'E-mail', type: 'input', attrs: { grid: { x: 0, y: 0, w: 12, h: 1 } } }],
  options: { ...defaultFormOptions(), inline: true },
};
export const IMPORTED_JSON = JSON.stringify(imported);
export const BAD_JSON = '{"rules": [';
export const once = (s: Snapshot) => s.context.past.length === 0 && s.context.future.length === 0;

/**
 * The model is walked as four small graphs, each offering the events of one concern (an edit only while
 * nothing was edited yet, so each graph stays finite); together they take every transition.
 */
export const TABLES: Record<string, (s: Snapshot) => FormDesignerEvent[]> = {
  loadAndSelect: (s) => [
    { type: 'design.loaded', name: 'Contact', design: loaded },
    { type: 'design.failed', message: 'gone' },
    { type: 'design.retry' },
    { type: 'component.select', field: 'name' },
    { type: 'component.select', field: null },
    { type: 'component.select', field: 'nope' },
    { type: 'panel.tab', tab: 'validate' },
    { type: 'panel.tab', tab: 'options' },
    ...(once(s) ? ([{ type: 'component.delete' }] as const) : []),
    { type: 'preview.open' },
    { type: 'preview.close' },
    { type: 'design.export' },
  ],
  edits: (s) => [
    { type: 'design.loaded', name: 'Contact', design: loaded },
    { type: 'component.select', field: 'phone' },
    ...(once(s)
      ? ([
          { type: 'component.add', kind: 'radio', title: 'Radio', at: { x: 0, y: 1 } },
          { type: 'layout.change', layout: [{ i: 'name', x: 0, y: 3, w: 12, h: 1 }] },
          { type: 'component.reorder', field: 'phone', direction: 'up' },
          { type: 'component.reorder', field: 'phone', direction: 'down' },
          { type: 'component.copy' },
          { type: 'component.delete' },
          { type: 'component.set', patch: { title: 'Mobile' } },
          { type: 'component.set', patch: { field: 'bad name' } },
          { type: 'component.set', patch: { field: 'name' } },
          { type: 'option.set', patch: { labelPosition: 'top' } },
          { type: 'design.import', text: IMPORTED_JSON },
          { type: 'design.import', text: BAD_JSON },
        ] as FormDesignerEvent[])
      : []),
    { type: 'history.undo' },
    { type: 'history.redo' },
  ],
  struct: (s) => [
    { type: 'design.loaded', name: 'Contact', design: loaded },
    { type: 'struct.open' },
    { type: 'struct.edit', text: BAD_JSON },
    { type: 'struct.edit', text: IMPORTED_JSON },
    ...(once(s) ? ([{ type: 'struct.apply' }] as const) : []),
    { type: 'struct.close' },
    { type: 'history.undo' },
  ],
  save: (s) => [
    { type: 'design.loaded', name: 'Contact', design: loaded },
    { type: 'component.select', field: 'name' },
    ...(once(s) ? ([{ type: 'option.set', patch: { size: 'large' } }] as const) : []),
    { type: 'history.undo' },
    { type: 'design.save' },
    { type: 'save.done' },
    { type: 'save.failed', message: 'refused' },
    { type: 'preview.open' },
  ],
};

export const keyOf = (d: FormDesign) => JSON.stringify(d);
export const designOf = (s: Snapshot): FormDesign => ({ rules: s.context.rules, options: s.context.options });

/** What the guards read and what later steps depend on: the designs, history, selection, flags. */
export const project = (s: Snapshot) => ({
  design: keyOf(designOf(s)),
  past: s.context.past.map(keyOf),
  future: s.context.future.map(keyOf),
  saved: s.context.saved,
  active: s.context.active,
  tab: s.context.tab,
  dirty: s.context.dirty,
  jsonError: s.context.jsonError !== null,
  struct: s.context.structText === IMPORTED_JSON ? 'imported' : s.context.structText === BAD_JSON ? 'bad' : s.context.structText === '' ? '' : 'current',
  seq: s.context.seq,
});

export const formDesignerExamples = defineExamples({
  machine: formDesignerMachine,
  project,
  facets: TABLES,
  events: (s) => Object.values(TABLES).flatMap((table) => table(s)),
  input,
});
