import { layoutMachine, type LayoutEvent } from '../../../machines/layout.machine';
import { defineExamples } from './chart';

// The example events of the layout chart: its model-based test walks them and `npm run paths` prints them.

export const WIDTHS = [375, 991, 992, 1440];
export const EVENTS: LayoutEvent[] = [
  { type: 'sidebar.toggle' },
  { type: 'sidebar.close' },
  ...WIDTHS.map((width) => ({ type: 'viewport.resized' as const, width })),
  { type: 'personal.open' },
  { type: 'personal.close' },
];

export const layoutExamples = defineExamples({
  machine: layoutMachine,
  events: EVENTS,
});
