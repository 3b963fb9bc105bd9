import { assign, setup } from 'xstate';

// The recycle bin screen: a page of deleted records of every type (keyed "type:id"), filters, paging,
// page size, selection, and two confirmed bulk actions — restore and delete for good. The app provides fetchPage
// (GET recycleBin/index → page.loaded / page.failed), runAction (POST recycleBin/restore|delete →
// action.done / action.failed) and notify (a toast).

export type BinFilters = Record<string, string | number | undefined>;
export interface BinRow {
  key: string;
  [field: string]: unknown;
}
export type BinAction = 'restore' | 'purge';

export interface BinQuery {
  page: number;
  limit: number;
  filters: BinFilters;
}

export interface BinContext {
  query: BinQuery;
  draft: BinFilters;
  rows: BinRow[];
  count: number;
  selected: string[];
  /** What the open confirm (or the running call) is about. */
  pending: { action: BinAction; keys: string[] } | null;
  error: string | null;
}

export type BinEvent =
  | { type: 'list.reload' }
  | { type: 'page.loaded'; rows: BinRow[]; count: number }
  | { type: 'page.failed'; message: string }
  | { type: 'filters.change'; name: string; value: string | number | undefined }
  | { type: 'filters.apply' }
  | { type: 'filters.reset' }
  | { type: 'page.change'; page: number }
  | { type: 'limit.change'; limit: number }
  | { type: 'row.toggle'; key: string }
  | { type: 'rows.toggleAll' }
  | { type: 'action.request'; action: BinAction; keys: string[] }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'action.done'; message: string }
  | { type: 'action.failed'; message: string };

export interface BinInput {
  limit: number;
}

const clean = (filters: BinFilters): BinFilters => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

export const recycleBinMachine = setup({
  types: { context: {} as BinContext, events: {} as BinEvent, input: {} as BinInput },
  actions: {
    fetchPage: (_, _params: BinQuery) => {},
    runAction: (_, _params: { action: BinAction; keys: string[] }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
  },
  guards: {
    pageEmptied: ({ context, event }) => event.type === 'page.loaded' && event.rows.length === 0 && context.query.page > 1,
    hasRows: ({ context }) => context.rows.length > 0,
    hasKeys: ({ event }) => event.type === 'action.request' && event.keys.length > 0,
  },
}).createMachine({
  id: 'recycleBin',
  context: ({ input }) => ({ query: { page: 1, limit: input.limit, filters: {} }, draft: {}, rows: [], count: 0, selected: [], pending: null, error: null }),
  initial: 'loading',
  on: {
    'filters.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.name]: event.value }) }) },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: { type: 'fetchPage', params: ({ context }) => context.query },
      on: {
        'page.loaded': [
          // The last records of a later page were restored or purged: show the page before.
          { guard: 'pageEmptied', target: 'loading', reenter: true, actions: assign({ query: ({ context }) => ({ ...context.query, page: context.query.page - 1 }) }) },
          {
            target: 'ready',
            actions: assign({
              rows: ({ event }) => event.rows,
              count: ({ event }) => event.count,
              error: null,
              selected: ({ context, event }) => context.selected.filter((k) => event.rows.some((r) => r.key === k)),
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
            selected: ({ context, event }) => (context.selected.includes(event.key) ? context.selected.filter((k) => k !== event.key) : [...context.selected, event.key]),
          }),
        },
        'rows.toggleAll': {
          actions: assign({ selected: ({ context }) => (context.selected.length === context.rows.length ? [] : context.rows.map((r) => r.key)) }),
        },
        'action.request': { guard: 'hasKeys', target: 'confirming', actions: assign({ pending: ({ event }) => ({ action: event.action, keys: event.keys }) }) },
      },
      states: {
        checking: { always: [{ guard: 'hasRows', target: 'filled' }, { target: 'empty' }] },
        filled: { tags: ['filled'] },
        empty: { tags: ['empty'] },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'action.confirm': { target: 'working', actions: { type: 'runAction', params: ({ context }) => context.pending! } },
        'action.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    working: {
      tags: ['busy', 'confirming'],
      on: {
        'action.done': {
          target: 'loading',
          actions: [
            assign({ selected: ({ context }) => context.selected.filter((k) => !context.pending!.keys.includes(k)), pending: null }),
            { type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) },
          ],
        },
        'action.failed': {
          target: 'ready',
          actions: [assign({ pending: null }), { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) }],
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
