import { assign, setup } from 'xstate';

// Any resource's list page: load a page with the applied filters, change filters / page / page size,
// select rows, delete one or many after a confirm. The app provides fetchPage (GET {name}/index, then
// page.loaded / page.failed), deleteRows (POST {name}/delete, then delete.done / delete.failed) and
// notify (a toast).

export type Filters = Record<string, string | number | undefined>;
export type Row = { id: number } & Record<string, unknown>;

export interface ListQuery {
  page: number;
  limit: number;
  filters: Filters;
}

export interface ListContext {
  query: ListQuery;
  /** Filters being edited, applied on filters.apply. */
  draft: Filters;
  rows: Row[];
  count: number;
  selected: number[];
  pendingDelete: number[];
  error: string | null;
}

export type ListEvent =
  | { type: 'list.reload' }
  | { type: 'page.loaded'; rows: Row[]; count: number }
  | { type: 'page.failed'; message: string }
  | { type: 'filters.change'; name: string; value: string | number | undefined }
  | { type: 'filters.apply' }
  | { type: 'filters.reset' }
  | { type: 'page.change'; page: number }
  | { type: 'limit.change'; limit: number }
  | { type: 'row.toggle'; id: number }
  | { type: 'rows.toggleAll' }
  | { type: 'delete.request'; ids: number[] }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'delete.done'; message: string }
  | { type: 'delete.failed'; message: string };

export interface ListInput {
  limit: number;
  filters?: Filters;
}

const clean = (filters: Filters): Filters =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

export const resourceListMachine = setup({
  types: { context: {} as ListContext, events: {} as ListEvent, input: {} as ListInput },
  actions: {
    fetchPage: (_, _params: ListQuery) => {},
    deleteRows: (_, _params: { ids: number[] }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
  },
  guards: {
    pageEmptiedAfterDelete: ({ context, event }) =>
      event.type === 'page.loaded' && event.rows.length === 0 && context.query.page > 1,
    hasRows: ({ context }) => context.rows.length > 0,
    hasIds: ({ event }) => event.type === 'delete.request' && event.ids.length > 0,
  },
}).createMachine({
  id: 'resourceList',
  context: ({ input }) => ({
    query: { page: 1, limit: input.limit, filters: clean(input.filters ?? {}) },
    draft: { ...input.filters },
    rows: [],
    count: 0,
    selected: [],
    pendingDelete: [],
    error: null,
  }),
  initial: 'loading',
  // Typing into a filter is never lost, whatever the list is doing; it applies on filters.apply.
  on: {
    'filters.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.name]: event.value }) }) },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: { type: 'fetchPage', params: ({ context }) => context.query },
      on: {
        'page.loaded': [
          {
            guard: 'pageEmptiedAfterDelete',
            target: 'loading',
            reenter: true,
            actions: assign({ query: ({ context }) => ({ ...context.query, page: context.query.page - 1 }) }),
          },
          {
            target: 'ready',
            actions: assign({
              rows: ({ event }) => event.rows,
              count: ({ event }) => event.count,
              error: null,
              selected: ({ context, event }) => context.selected.filter((id) => event.rows.some((r) => r.id === id)),
            }),
          },
        ],
        'page.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    ready: {
      initial: 'checking',
      on: {
        'list.reload': 'loading',
        'filters.apply': { target: 'loading', actions: assign({ query: ({ context }) => ({ ...context.query, page: 1, filters: clean(context.draft) }) }) },
        'filters.reset': { target: 'loading', actions: assign({ draft: {}, query: ({ context }) => ({ ...context.query, page: 1, filters: {} }) }) },
        'page.change': { target: 'loading', actions: assign({ query: ({ context, event }) => ({ ...context.query, page: Math.max(1, event.page) }) }) },
        'limit.change': { target: 'loading', actions: assign({ query: ({ context, event }) => ({ ...context.query, page: 1, limit: event.limit }) }) },
        'row.toggle': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
          }),
        },
        'rows.toggleAll': {
          actions: assign({
            selected: ({ context }) => (context.selected.length === context.rows.length ? [] : context.rows.map((r) => r.id)),
          }),
        },
        'delete.request': { guard: 'hasIds', target: 'confirmingDelete', actions: assign({ pendingDelete: ({ event }) => event.ids }) },
      },
      states: {
        checking: { always: [{ guard: 'hasRows', target: 'filled' }, { target: 'empty' }] },
        filled: { tags: ['filled'] },
        empty: { tags: ['empty'] },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: {
        'delete.confirm': { target: 'deleting', actions: { type: 'deleteRows', params: ({ context }) => ({ ids: context.pendingDelete }) } },
        'delete.cancel': { target: 'ready', actions: assign({ pendingDelete: [] }) },
      },
    },
    deleting: {
      tags: ['busy', 'confirming'],
      on: {
        'delete.done': {
          target: 'loading',
          actions: [
            assign({ selected: ({ context }) => context.selected.filter((id) => !context.pendingDelete.includes(id)), pendingDelete: [] }),
            { type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) },
          ],
        },
        'delete.failed': {
          target: 'ready',
          actions: [assign({ pendingDelete: [] }), { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) }],
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'list.reload': 'loading',
        'filters.apply': { target: 'loading', actions: assign({ query: ({ context }) => ({ ...context.query, page: 1, filters: clean(context.draft) }) }) },
        'filters.reset': { target: 'loading', actions: assign({ draft: {}, query: ({ context }) => ({ ...context.query, page: 1, filters: {} }) }) },
      },
    },
  },
});
