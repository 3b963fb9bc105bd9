import { assign, setup } from 'xstate';

// The storage settings' "test connection" button (system settings): try the settings as typed (the
// server writes, reads back and deletes a small file), then say whether it worked. Changing a field
// makes the last answer stale, so it is cleared. The app provides runTest (→ test.passed / test.failed).

export interface StorageTestContext {
  /** The last answer's message, or null. */
  message: string | null;
}

export type StorageTestEvent =
  | { type: 'test.run'; values: Record<string, unknown> }
  | { type: 'test.passed'; message: string }
  | { type: 'test.failed'; message: string }
  | { type: 'settings.changed' };

export const storageTestMachine = setup({
  types: { context: {} as StorageTestContext, events: {} as StorageTestEvent },
  actions: {
    runTest: (_, _params: { values: Record<string, unknown> }) => {},
  },
}).createMachine({
  id: 'storageTest',
  context: { message: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'test.run': { target: 'testing', actions: [assign({ message: null }), { type: 'runTest', params: ({ event }) => ({ values: event.values }) }] } },
    },
    testing: {
      tags: ['busy'],
      on: {
        'test.passed': { target: 'passed', actions: assign({ message: ({ event }) => event.message }) },
        'test.failed': { target: 'failed', actions: assign({ message: ({ event }) => event.message }) },
      },
    },
    passed: {
      tags: ['passed'],
      on: {
        'test.run': { target: 'testing', actions: [assign({ message: null }), { type: 'runTest', params: ({ event }) => ({ values: event.values }) }] },
        'settings.changed': { target: 'idle', actions: assign({ message: null }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'test.run': { target: 'testing', actions: [assign({ message: null }), { type: 'runTest', params: ({ event }) => ({ values: event.values }) }] },
        'settings.changed': { target: 'idle', actions: assign({ message: null }) },
      },
    },
  },
});
