import { recycleBinMachine, type BinEvent, type BinRow } from '../../../machines/recycleBin.machine';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the recycleBin chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof recycleBinMachine>;

export const ROWS: BinRow[] = [
  { key: 'tag:1', type: 'tag', id: 1, title: 'a' },
  { key: 'slide:1', type: 'slide', id: 1, title: 'b' },
];
export const loaded = (rows: BinRow[], count = rows.length): BinEvent => ({ type: 'page.loaded', rows, count });

// Two facets, each a graph of its own: the query (filters, paging, reloads, failures) and the
// selection with its two actions. Events that only grow the context are offered once.
export function queryEvents({ context: c }: Snapshot): BinEvent[] {
  const untouched = c.query.page === 1 && c.query.limit === 10 && Object.keys(c.query.filters).length === 0;
  return [
    loaded(ROWS),
    loaded([]),
    { type: 'page.failed', message: 'timeout' },
    { type: 'list.reload' },
    ...('type' in c.draft ? [] : [{ type: 'filters.change' as const, name: 'type', value: 'tag' }]),
    ...('site_id' in c.draft ? [] : [{ type: 'filters.change' as const, name: 'site_id', value: '' }]),
    { type: 'filters.apply' },
    { type: 'filters.reset' },
    ...(untouched
      ? [
          { type: 'page.change' as const, page: 3 },
          { type: 'page.change' as const, page: 0 },
          { type: 'limit.change' as const, limit: 50 },
        ]
      : []),
  ];
}
export function actionEvents({ context: c }: Snapshot): BinEvent[] {
  return [
    loaded(ROWS, 42),
    loaded([]),
    { type: 'list.reload' },
    ...(c.query.page === 1 ? [{ type: 'page.change' as const, page: 3 }] : []),
    ...(c.rows.some((r) => r.key === 'tag:1')
      ? [
          { type: 'row.toggle' as const, key: 'tag:1' },
          { type: 'action.request' as const, action: 'restore' as const, keys: ['tag:1'] },
          { type: 'action.request' as const, action: 'purge' as const, keys: ['tag:1', 'slide:1'] },
        ]
      : []),
    { type: 'rows.toggleAll' },
    { type: 'action.confirm' },
    { type: 'action.cancel' },
    { type: 'action.done', message: 'Restored' },
    { type: 'action.failed', message: 'Restore the parent first' },
  ];
}

export const recycleBinExamples = defineExamples({
  machine: recycleBinMachine,
  facets: { query: queryEvents, actions: actionEvents },
  events: (s) => [...queryEvents(s), ...actionEvents(s)],
  input: { limit: 10 },
});
