import { assign, setup } from 'xstate';

// Loads one piece of data for a screen (the dashboard's figures, a report): loading, loaded or failed,
// reload on demand. The app provides `fetch`, which answers with loaded / failed.

export interface LoaderContext<T = unknown> {
  data: T | null;
  error: string | null;
}

export type LoaderEvent<T = unknown> = { type: 'loaded'; data: T } | { type: 'failed'; message: string } | { type: 'reload' };

export const loaderMachine = setup({
  types: { context: {} as LoaderContext, events: {} as LoaderEvent },
  actions: { fetch: () => {} },
}).createMachine({
  id: 'loader',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'fetch',
      on: {
        loaded: { target: 'loaded', actions: assign({ data: ({ event }) => event.data, error: null }) },
        failed: { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    loaded: { tags: ['ready'], on: { reload: 'loading' } },
    failed: { tags: ['failed'], on: { reload: 'loading' } },
  },
});
