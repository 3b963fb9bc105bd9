import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { resourceListMachine, type Filters, type ListEvent, type Row } from '../../machines/resourceList.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof resourceListMachine>;
type Type = ListEvent['type'];

const coverage = trackTransitions(resourceListMachine);
const start = () => startRecorded(resourceListMachine, ['fetchPage', 'deleteRows', 'notify'], coverage, { limit: 10 });

const ROWS: Row[] = [
  { id: 1, title: 'a' },
  { id: 2, title: 'b' },
];
const loaded = (rows: Row[], count = rows.length): ListEvent => ({ type: 'page.loaded', rows, count });

// Two facets, each a graph of its own: the query (filters, paging, reloads, failures) and the
// selection with deletion. Events are filtered with `can`, and the ones that only grow the context
// (filter values, page, page size) are offered once, so each graph stays small.
function queryEvents({ context: c }: Snapshot): ListEvent[] {
  const untouched = c.query.page === 1 && c.query.limit === 10 && Object.keys(c.query.filters).length === 0;
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
        ]
      : []),
  ];
}
function deleteEvents({ context: c }: Snapshot): ListEvent[] {
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
        ]
      : []),
    { type: 'rows.toggleAll' },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'delete.done', message: 'Deleted' },
    { type: 'delete.failed', message: 'In use' },
  ];
}

const READY: Type[] = ['list.reload', 'filters.change', 'filters.apply', 'filters.reset', 'page.change', 'limit.change', 'row.toggle', 'rows.toggleAll', 'delete.request'];
const VIEWS: Record<string, { tags: string[]; accepts: Type[] }> = {
  // Filter typing is accepted in every state (it only edits the draft).
  '"loading"': { tags: ['busy'], accepts: ['page.loaded', 'page.failed', 'filters.change'] },
  '{"ready":"filled"}': { tags: ['filled'], accepts: READY },
  '{"ready":"empty"}': { tags: ['empty'], accepts: READY },
  '"confirmingDelete"': { tags: ['confirming'], accepts: ['delete.confirm', 'delete.cancel', 'filters.change'] },
  '"deleting"': { tags: ['busy', 'confirming'], accepts: ['delete.done', 'delete.failed', 'filters.change'] },
  '"failed"': { tags: ['failed'], accepts: ['list.reload', 'filters.change', 'filters.apply', 'filters.reset'] },
};
const TAGS = ['busy', 'filled', 'empty', 'confirming', 'failed'];
const PROBES: ListEvent[] = [
  loaded([]),
  { type: 'page.failed', message: '' },
  ...READY.map((type) => ({ type, name: 'x', value: 'y', page: 2, limit: 20, id: 1, ids: [1] }) as ListEvent),
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'delete.done', message: '' },
  { type: 'delete.failed', message: '' },
];

function expectViews(s: Snapshot) {
  const view = VIEWS[JSON.stringify(s.value)];
  expect(view, `no expectations for ${JSON.stringify(s.value)}`).toBeDefined();
  for (const tag of TAGS) expect(s.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const probe of PROBES) expect(s.can(probe), `can ${probe.type}`).toBe(view.accepts.includes(probe.type));
  expect(s.can({ type: 'delete.request', ids: [] }), 'deleting nothing is refused').toBe(false);
  if (s.matches('ready')) {
    expect(s.hasTag('filled')).toBe(s.context.rows.length > 0);
    for (const id of s.context.selected) expect(s.context.rows.map((r) => r.id)).toContain(id);
  }
}

const withoutBlanks = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '' && v !== undefined));
const toggled = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]);

function listOracle({ before, after, event, effects }: StepCheck<Snapshot, ListEvent>) {
  expectViews(after);
  const b = before.context;
  const a = after.context;
  const fetched: Call = { type: 'fetchPage', params: a.query };
  const accepted = event.type !== ('xstate.init' as string) && before.can(event);
  if (!accepted) {
    if (event.type === ('xstate.init' as string)) expect(effects).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } }]);
    return;
  }
  switch (event.type) {
    case 'page.loaded':
      if (event.rows.length === 0 && b.query.page > 1) {
        // The last row of a later page went away: load the page before it.
        expect(a.query).toEqual({ ...b.query, page: b.query.page - 1 });
        expect(after.value).toBe('loading');
        expect(effects).toEqual([fetched]);
      } else {
        expect(a).toMatchObject({ rows: event.rows, count: event.count, error: null, query: b.query });
        expect(a.selected).toEqual(b.selected.filter((id) => event.rows.some((r) => r.id === id)));
        expect(effects).toEqual([]);
      }
      return;
    case 'page.failed':
      expect(a.error).toBe(event.message);
      return expect(effects).toEqual([]);
    case 'filters.change':
      expect(a.draft).toEqual({ ...b.draft, [event.name]: event.value });
      expect(a.query).toEqual(b.query);
      return expect(effects).toEqual([]);
    case 'filters.apply':
      expect(a.query).toEqual({ ...b.query, page: 1, filters: withoutBlanks(b.draft) });
      return expect(effects).toEqual([fetched]);
    case 'filters.reset':
      expect(a.draft).toEqual({});
      expect(a.query).toEqual({ ...b.query, page: 1, filters: {} });
      return expect(effects).toEqual([fetched]);
    case 'page.change':
      expect(a.query).toEqual({ ...b.query, page: Math.max(1, event.page) });
      return expect(effects).toEqual([fetched]);
    case 'limit.change':
      expect(a.query).toEqual({ ...b.query, page: 1, limit: event.limit });
      return expect(effects).toEqual([fetched]);
    case 'list.reload':
      expect(a.query).toEqual(b.query);
      return expect(effects).toEqual([fetched]);
    case 'row.toggle':
      expect(a.selected).toEqual(toggled(b.selected, event.id));
      return expect(effects).toEqual([]);
    case 'rows.toggleAll': {
      const all = b.rows.map((r) => r.id);
      expect(a.selected).toEqual(b.selected.length === all.length ? [] : all);
      return expect(effects).toEqual([]);
    }
    case 'delete.request':
      expect(a.pendingDelete).toEqual(event.ids);
      return expect(effects).toEqual([]);
    case 'delete.confirm':
      return expect(effects).toEqual([{ type: 'deleteRows', params: { ids: b.pendingDelete } }]);
    case 'delete.cancel':
      expect(a.pendingDelete).toEqual([]);
      return expect(effects).toEqual([]);
    case 'delete.done':
      expect(a.selected).toEqual(b.selected.filter((id) => !b.pendingDelete.includes(id)));
      expect(a.pendingDelete).toEqual([]);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: event.message } }, fetched]);
    case 'delete.failed':
      expect(a.pendingDelete).toEqual([]);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: event.message } }]);
  }
}

describe('resource list chart, every path of the model', () => {
  const model = createTestModel(resourceListMachine, { serializeState: serializeTransition, limit: 200_000, input: { limit: 10 } });
  // `events` here replaces the model's own list, so only the facet's cases (those `can` accepts) are walked.
  const facets = { query: queryEvents, 'selection and deletion': deleteEvents };
  for (const [facet, candidates] of Object.entries(facets)) {
    describe(facet, () => {
      for (const path of model.getShortestPaths({ events: coverage.examples((s: Snapshot) => candidates(s).filter((e) => s.can(e))) })) {
        it(describePath(path), () => walkPath(path, start, listOracle));
      }
    });
  }
});

describe('resource list chart, what a user can do with a list', () => {
  const ready = (rows = ROWS) => {
    const list = start();
    list.actor.send(loaded(rows));
    list.take();
    return list;
  };

  it('opens on page 1 with the page size and filters given', () => {
    const { take } = startRecorded(resourceListMachine, ['fetchPage'], coverage, { limit: 20, filters: { title: 'x', status: '' } });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 20, filters: { title: 'x' } } }]);
  });

  it('applying filters goes back to page 1 and drops empty values', () => {
    const { actor, take } = ready();
    actor.send({ type: 'page.change', page: 4 });
    actor.send(loaded(ROWS));
    actor.send({ type: 'filters.change', name: 'title', value: 'news' });
    actor.send({ type: 'filters.change', name: 'status', value: '' });
    actor.send({ type: 'filters.change', name: 'site', value: undefined });
    take();
    actor.send({ type: 'filters.apply' });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: { title: 'news' } } }]);
  });

  it('what a user types into a filter while the page is still loading is kept for the next search', () => {
    const { actor, take } = ready();
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'filters.change', name: 'title', value: 'typed while loading' });
    actor.send(loaded(ROWS));
    take();
    actor.send({ type: 'filters.apply' });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: { title: 'typed while loading' } } }]);
  });

  it('changing the page or the page size reloads; a new page size starts at page 1', () => {
    const { actor, take } = ready();
    actor.send({ type: 'page.change', page: 2 });
    actor.send(loaded(ROWS));
    actor.send({ type: 'limit.change', limit: 50 });
    expect(take().map((c) => c.params)).toEqual([
      { page: 2, limit: 10, filters: {} },
      { page: 1, limit: 50, filters: {} },
    ]);
  });

  it('rows can be selected one by one or all at once', () => {
    const { actor } = ready();
    actor.send({ type: 'row.toggle', id: 2 });
    expect(actor.getSnapshot().context.selected).toEqual([2]);
    actor.send({ type: 'rows.toggleAll' });
    expect(actor.getSnapshot().context.selected).toEqual([1, 2]);
    actor.send({ type: 'rows.toggleAll' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('deleting nothing is refused', () => {
    const { actor } = ready();
    actor.send({ type: 'delete.request', ids: [] });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
  });

  it('a confirmed delete removes the rows, tells the user and reloads the page', () => {
    const { actor, take } = ready();
    actor.send({ type: 'rows.toggleAll' });
    actor.send({ type: 'delete.request', ids: [1, 2] });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    actor.send({ type: 'delete.confirm' });
    expect(take()).toEqual([{ type: 'deleteRows', params: { ids: [1, 2] } }]);
    actor.send({ type: 'delete.done', message: 'Deleted' });
    expect(take()).toEqual([
      { type: 'notify', params: { kind: 'success', message: 'Deleted' } },
      { type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } },
    ]);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('deleting the last row of page 3 shows page 2', () => {
    const { actor, take } = ready();
    actor.send({ type: 'page.change', page: 3 });
    actor.send(loaded([{ id: 9 }], 21));
    actor.send({ type: 'delete.request', ids: [9] });
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.done', message: 'Deleted' });
    take();
    actor.send(loaded([], 20));
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 2, limit: 10, filters: {} } }]);
    actor.send(loaded(ROWS, 20));
    expect(actor.getSnapshot().hasTag('filled')).toBe(true);
  });

  it('a failed load shows the error and the user can reload', () => {
    const { actor, take } = start();
    take();
    actor.send({ type: 'page.failed', message: 'timeout' });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('timeout');
    actor.send({ type: 'list.reload' });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } }]);
    actor.send(loaded([]));
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('resource list chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
