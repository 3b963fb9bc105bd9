import { resourceListMachine, type ListEvent, type Row } from '../../../machines/resourceList.machine';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the resourceList chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof resourceListMachine>;

export const ROWS: Row[] = [
  { id: 1, title: 'a' },
  { id: 2, title: 'b' },
];
export const loaded = (rows: Row[], count = rows.length): ListEvent => ({ type: 'page.loaded', rows, count });

// Two facets, each a graph of its own: the query (filters, paging, sort, reloads, failures) and the
// selection with deletion. Events are filtered with `can`, and the ones that only grow the context
// (filter values, page, page size, sort) are offered once, so each graph stays small.
export function queryEvents({ context: c }: Snapshot): ListEvent[] {
  const untouched = c.query.page === 1 && c.query.limit === 10 && Object.keys(c.query.filters).length === 0;
  // A sorted list: loads, fails, sorts the other way or goes back (to the unsorted list); the rest of the
  // graph is walked unsorted, so sorting does not multiply it.
  if (c.query.sort) {
    return [
      loaded(ROWS),
      loaded([]),
      { type: 'page.failed', message: 'timeout' },
      { type: 'list.reload' },
      ...(c.query.sort.order === 'asc' ? [{ type: 'sort.toggle' as const, by: c.query.sort.by }] : []),
      { type: 'query.restore', query: { page: 1, limit: 10, filters: {} } },
    ];
  }
  return [
    loaded(ROWS),
    loaded([]),
    { type: 'page.failed', message: 'timeout' },
    { type: 'list.reload' },
    ...('title' in c.draft ? [] : [{ type: 'filters.change' as const, name: 'title', value: 'news' }]),
    ...('status' in c.draft ? [] : [{ type: 'filters.change' as const, name: 'status', value: '' }]),
    { type: 'filters.apply' },
    { type: 'filters.reset' },
    ...(untouched
      ? [
          { type: 'page.change' as const, page: 3 },
          { type: 'page.change' as const, page: 0 },
          { type: 'limit.change' as const, limit: 20 },
          // Back / forward to another query, and to the one already shown (refused).
          { type: 'query.restore' as const, query: { page: 2, limit: 10, filters: { title: 'shared' } } },
          { type: 'query.restore' as const, query: { page: 1, limit: 10, filters: {} } },
        ]
      : []),
    // A column header: ascending, then (above) descending.
    ...(untouched ? [{ type: 'sort.toggle' as const, by: 'views' }] : []),
  ];
}
export function deleteEvents({ context: c }: Snapshot): ListEvent[] {
  return [
    loaded(ROWS, 42),
    loaded([]),
    { type: 'list.reload' },
    ...(c.query.page === 1 ? [{ type: 'page.change' as const, page: 3 }] : []),
    // The view offers row actions on the rows it shows.
    ...(c.rows.some((r) => r.id === 1)
      ? [
          { type: 'row.toggle' as const, id: 1 },
          { type: 'delete.request' as const, ids: [1] },
          // To a recycle bin: at once, with an undo.
          { type: 'delete.request' as const, ids: [1], undoable: true },
        ]
      : []),
    { type: 'rows.toggleAll' },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'delete.done', message: 'Deleted' },
    { type: 'delete.failed', message: 'In use' },
    // The toast's undo, answered while the list does anything.
    ...(c.stale ? [] : [{ type: 'delete.undo' as const, ids: [1] }, { type: 'undo.done' as const, message: 'Restored' }, { type: 'undo.failed' as const, message: 'Gone' }]),
  ];
}

export const resourceListExamples = defineExamples({
  machine: resourceListMachine,
  facets: { query: queryEvents, deletion: deleteEvents },
  events: (s) => [...queryEvents(s), ...(s.context.query.sort ? [] : deleteEvents(s))],
  input: { limit: 10 },
});
