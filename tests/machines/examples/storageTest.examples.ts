import { storageTestMachine, type StorageTestEvent } from '../../../machines/storageTest.machine';
import { defineExamples } from './chart';

// The example events of the storageTest chart: its model-based test walks them and `npm run paths` prints them.

export const VALUES = { method: 'aliyun', bucket: 'b', access_key_id: 'k', region: 'r' };
export const EVENTS: StorageTestEvent[] = [
  { type: 'test.run', values: VALUES },
  { type: 'test.passed', message: 'connected' },
  { type: 'test.failed', message: 'access denied' },
  { type: 'settings.changed' },
];

export const storageTestExamples = defineExamples({
  machine: storageTestMachine,
  events: EVENTS,
});
