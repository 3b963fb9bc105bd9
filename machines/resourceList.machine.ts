import { assign, setup } from 'xstate';

// Any resource's list page: load a page with the applied filters, change filters / page / page size /
// sort (a column header toggles ascending and descending), select rows, delete one or many after a
// confirm, or at once with an undo when they go to a recycle bin (`undoable`). The app provides fetchPage (GET {name}/index, then page.loaded / page.failed), deleteRows
// (POST {name}/delete, then delete.done / delete.failed), restoreRows (the recycle bin's restore, then
// undo.done / undo.failed), notify (a toast, with an undo when it names the deleted ids) and recordQuery
// (the page's URL shows the query: a user's change adds a history entry, a correction replaces it).
// The chart owns the query; the URL is read into its input and, on back / forward, sent back as
// query.restore. What a shown list (`settled`: ready or failed) accepts alike sits on that parent.

export type Filters = Record<string, string | number | undefined>;
export type Row = { id: number } & Record<string, unknown>;

export type SortOrder = 'asc' | 'desc';
/** A list's order by one of its sortable columns; none: the list's own default order. */
export interface ListSort {
  by: string;
  order: SortOrder;
}

export interface ListQuery {
  page: number;
  limit: number;
  filters: Filters;
  sort?: ListSort;
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
  /** Rows came back (an undo) while the list was busy: it loads again once it can. */
  stale: boolean;
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
  /** A sortable column's header: the same column flips its direction, another one sorts ascending. */
  | { type: 'sort.toggle'; by: string }
  | { type: 'row.toggle'; id: number }
  | { type: 'rows.toggleAll' }
  /** `undoable`: the rows go to a recycle bin, so they are deleted at once and the toast offers an undo. */
  | { type: 'delete.request'; ids: number[]; undoable?: boolean }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'delete.done'; message: string }
  | { type: 'delete.failed'; message: string }
  /** The toast's undo: restore those rows, whatever the list is doing meanwhile. */
  | { type: 'delete.undo'; ids: number[] }
  | { type: 'undo.done'; message: string }
  | { type: 'undo.failed'; message: string }
  /** The URL's query changed under the list (back, forward): show that one. */
  | { type: 'query.restore'; query: ListQuery };

export interface ListInput {
  limit: number;
  page?: number;
  filters?: Filters;
  sort?: ListSort;
}

const clean = (filters: Filters): Filters =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

const sameSort = (a?: ListSort, b?: ListSort) => a?.by === b?.by && (a === undefined || a.order === b?.order);

/** Same page, size, filters and sort (a URL gives '2' where a select gave 2). */
export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  const fa = clean(a.filters);
  const fb = clean(b.filters);
  const keys = new Set([...Object.keys(fa), ...Object.keys(fb)]);
  return a.page === b.page && a.limit === b.limit && sameSort(a.sort, b.sort) && [...keys].every((k) => String(fa[k] ?? '') === String(fb[k] ?? ''));
}

/** The sort a click on column `by`'s header makes of `current`. */
export function toggledSort(current: ListSort | undefined, by: string): ListSort {
  return current?.by === by ? { by, order: current.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' };
}

/** The query a user's change made, recorded as a new history entry. */
const recordChange = { type: 'recordQuery', params: ({ context }: { context: ListContext }) => ({ query: context.query, replace: false }) } as const;

export const resourceListMachine = setup({
  types: { context: {} as ListContext, events: {} as ListEvent, input: {} as ListInput },
  actions: {
    fetchPage: (_, _params: ListQuery) => {},
    deleteRows: (_, _params: { ids: number[] }) => {},
    restoreRows: (_, _params: { ids: number[] }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string; undo?: number[] }) => {},
    recordQuery: (_, _params: { query: ListQuery; replace: boolean }) => {},
  },
  guards: {
    pageEmptiedAfterDelete: ({ context, event }) =>
      event.type === 'page.loaded' && event.rows.length === 0 && context.query.page > 1,
    hasRows: ({ context }) => context.rows.length > 0,
    hasIds: ({ event }) => event.type === 'delete.request' && event.ids.length > 0,
    undoableRequest: ({ event }) => event.type === 'delete.request' && event.ids.length > 0 && event.undoable === true,
    stale: ({ context }) => context.stale,
    restoresAnother: ({ context, event }) => event.type === 'query.restore' && !sameQuery(context.query, event.query),
  },
}).createMachine({
  id: 'resourceList',
  context: ({ input }) => ({
    query: { page: Math.max(1, input.page ?? 1), limit: input.limit, filters: clean(input.filters ?? {}), ...(input.sort ? { sort: input.sort } : {}) },
    draft: { ...input.filters },
    rows: [],
    count: 0,
    selected: [],
    pendingDelete: [],
    error: null,
    stale: false,
  }),
  initial: 'loading',
  // Typing into a filter is never lost, whatever the list is doing; it applies on filters.apply.
  on: {
    'filters.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.name]: event.value }) }) },
    'delete.undo': { actions: { type: 'restoreRows', params: ({ event }) => ({ ids: event.ids }) } },
    'undo.done': { actions: [assign({ stale: true }), { type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) }] },
    'undo.failed': { actions: { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) } },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: [assign({ stale: false }), { type: 'fetchPage', params: ({ context }) => context.query }],
      on: {
        'page.loaded': [
          // Rows were restored after this load started: load again.
          { guard: 'stale', target: 'loading', reenter: true },
          {
            guard: 'pageEmptiedAfterDelete',
            target: 'loading',
            reenter: true,
            actions: [
              assign({ query: ({ context }) => ({ ...context.query, page: context.query.page - 1 }) }),
              { type: 'recordQuery', params: ({ context }) => ({ query: context.query, replace: true }) },
            ],
          },
          {
            target: 'settled',
            actions: assign({
              rows: ({ event }) => event.rows,
              count: ({ event }) => event.count,
              error: null,
              selected: ({ context, event }) => context.selected.filter((id) => event.rows.some((r) => r.id === id)),
            }),
          },
        ],
        'page.failed': { target: 'settled.failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    // A list on screen, with its rows (ready) or its error (failed): either can load again, show
    // another query (back / forward) or apply, reset and sort anew.
    settled: {
      initial: 'ready',
      always: { guard: 'stale', target: 'loading' },
      on: {
        'list.reload': 'loading',
        'query.restore': {
          guard: 'restoresAnother',
          target: 'loading',
          actions: assign(({ event }) => ({ query: { ...event.query, filters: clean(event.query.filters) }, draft: { ...event.query.filters } })),
        },
        'filters.apply': { target: 'loading', actions: [assign({ query: ({ context }) => ({ ...context.query, page: 1, filters: clean(context.draft) }) }), recordChange] },
        'filters.reset': { target: 'loading', actions: [assign({ draft: {}, query: ({ context }) => ({ ...context.query, page: 1, filters: {} }) }), recordChange] },
        'sort.toggle': { target: 'loading', actions: [assign({ query: ({ context, event }) => ({ ...context.query, page: 1, sort: toggledSort(context.query.sort, event.by) }) }), recordChange] },
      },
      states: {
        ready: {
          initial: 'checking',
          on: {
            'page.change': { target: '#resourceList.loading', actions: [assign({ query: ({ context, event }) => ({ ...context.query, page: Math.max(1, event.page) }) }), recordChange] },
            'limit.change': { target: '#resourceList.loading', actions: [assign({ query: ({ context, event }) => ({ ...context.query, page: 1, limit: event.limit }) }), recordChange] },
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
            'delete.request': [
              {
                guard: 'undoableRequest',
                target: '#resourceList.removing',
                actions: [assign({ pendingDelete: ({ event }) => event.ids }), { type: 'deleteRows', params: ({ event }) => ({ ids: event.ids }) }],
              },
              { guard: 'hasIds', target: '#resourceList.confirmingDelete', actions: assign({ pendingDelete: ({ event }) => event.ids }) },
            ],
          },
          states: {
            checking: { always: [{ guard: 'hasRows', target: 'filled' }, { target: 'empty' }] },
            filled: { tags: ['filled'] },
            empty: { tags: ['empty'] },
          },
        },
        failed: { tags: ['failed'] },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: {
        'delete.confirm': { target: 'deleting', actions: { type: 'deleteRows', params: ({ context }) => ({ ids: context.pendingDelete }) } },
        'delete.cancel': { target: 'settled', actions: assign({ pendingDelete: [] }) },
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
          target: 'settled',
          actions: [assign({ pendingDelete: [] }), { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) }],
        },
      },
    },
    // An undoable delete: no confirm; the toast names the rows so its undo can bring them back.
    removing: {
      tags: ['busy'],
      on: {
        'delete.done': {
          target: 'loading',
          actions: [
            { type: 'notify', params: ({ context, event }) => ({ kind: 'success' as const, message: event.message, undo: context.pendingDelete }) },
            assign({ selected: ({ context }) => context.selected.filter((id) => !context.pendingDelete.includes(id)), pendingDelete: [] }),
          ],
        },
        'delete.failed': {
          target: 'settled',
          actions: [assign({ pendingDelete: [] }), { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) }],
        },
      },
    },
  },
});
