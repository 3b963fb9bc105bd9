import { loaderMachine, type LoaderEvent } from '../../../machines/loader.machine';
import { defineExamples } from './chart';

// The example events of the loader chart: its model-based test walks them and `npm run paths` prints them.

export const EVENTS: LoaderEvent[] = [{ type: 'loaded', data: { sites: 3 } }, { type: 'failed', message: 'timeout' }, { type: 'reload' }];

export const loaderExamples = defineExamples({
  machine: loaderMachine,
  events: EVENTS,
});
