import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { resourceListMachine, toggledSort, type Filters, type ListEvent } from '../../machines/resourceList.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';
import { ROWS, loaded, queryEvents, deleteEvents } from './examples/resourceList.examples';

type Snapshot = SnapshotFrom<typeof resourceListMachine>;
type Type = ListEvent['type'];

const coverage = trackTransitions(resourceListMachine);
const start = () => startRecorded(resourceListMachine, ['fetchPage', 'deleteRows', 'restoreRows', 'notify'], coverage, { limit: 10 });

const READY: Type[] = ['list.reload', 'filters.change', 'filters.apply', 'filters.reset', 'sort.toggle', 'page.change', 'limit.change', 'row.toggle', 'rows.toggleAll', 'delete.request'];
// Filter typing and the toast's undo are accepted in every state (they only edit the draft, or restore rows).
const ANYTIME: Type[] = ['filters.change', 'delete.undo', 'undo.done', 'undo.failed'];
const VIEWS: Record<string, { tags: string[]; accepts: Type[] }> = {
  '"loading"': { tags: ['busy'], accepts: ['page.loaded', 'page.failed', ...ANYTIME] },
  '{"settled":{"ready":"filled"}}': { tags: ['filled'], accepts: [...READY, 'query.restore', ...ANYTIME] },
  '{"settled":{"ready":"empty"}}': { tags: ['empty'], accepts: [...READY, 'query.restore', ...ANYTIME] },
  '"confirmingDelete"': { tags: ['confirming'], accepts: ['delete.confirm', 'delete.cancel', ...ANYTIME] },
  '"deleting"': { tags: ['busy', 'confirming'], accepts: ['delete.done', 'delete.failed', ...ANYTIME] },
  '"removing"': { tags: ['busy'], accepts: ['delete.done', 'delete.failed', ...ANYTIME] },
  '{"settled":"failed"}': { tags: ['failed'], accepts: ['list.reload', 'filters.apply', 'filters.reset', 'sort.toggle', 'query.restore', ...ANYTIME] },
};
const TAGS = ['busy', 'filled', 'empty', 'confirming', 'failed'];
const PROBES: ListEvent[] = [
  loaded([]),
  { type: 'page.failed', message: '' },
  ...READY.map((type) => ({ type, name: 'x', value: 'y', page: 2, limit: 20, id: 1, ids: [1], by: 'id' }) as ListEvent),
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'delete.done', message: '' },
  { type: 'delete.failed', message: '' },
  { type: 'query.restore', query: { page: 5, limit: 10, filters: {} } },
  { type: 'delete.undo', ids: [1] },
  { type: 'undo.done', message: '' },
  { type: 'undo.failed', message: '' },
];

function expectViews(s: Snapshot) {
  const view = VIEWS[JSON.stringify(s.value)];
  expect(view, `no expectations for ${JSON.stringify(s.value)}`).toBeDefined();
  for (const tag of TAGS) expect(s.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const probe of PROBES) expect(s.can(probe), `can ${probe.type}`).toBe(view.accepts.includes(probe.type));
  expect(s.can({ type: 'delete.request', ids: [] }), 'deleting nothing is refused').toBe(false);
  if (s.matches({ settled: 'ready' })) {
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
  // Rows restored while the list was busy (`stale`): it loads again as soon as it can.
  switch (event.type) {
    case 'page.loaded':
      if (b.stale) {
        expect(after.value).toBe('loading');
        return expect(effects).toEqual([fetched]);
      }
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
    case 'sort.toggle':
      // The same column flips its direction; another one starts ascending; back to page 1.
      expect(a.query).toEqual({ ...b.query, page: 1, sort: { by: event.by, order: b.query.sort?.by === event.by && b.query.sort.order === 'asc' ? 'desc' : 'asc' } });
      return expect(effects).toEqual([fetched]);
    case 'query.restore':
      // Back / forward: the URL's query is shown as it is, and not recorded again.
      expect(a.query).toEqual({ ...event.query, filters: withoutBlanks(event.query.filters) });
      expect(a.draft).toEqual(event.query.filters);
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
      // To a recycle bin: deleted at once, no confirm.
      if (event.undoable) {
        expect(after.value).toBe('removing');
        return expect(effects).toEqual([{ type: 'deleteRows', params: { ids: event.ids } }]);
      }
      return expect(effects).toEqual([]);
    case 'delete.confirm':
      return expect(effects).toEqual([{ type: 'deleteRows', params: { ids: b.pendingDelete } }]);
    case 'delete.cancel':
      expect(a.pendingDelete).toEqual([]);
      return expect(effects).toEqual(b.stale ? [fetched] : []);
    case 'delete.done': {
      expect(a.selected).toEqual(b.selected.filter((id) => !b.pendingDelete.includes(id)));
      expect(a.pendingDelete).toEqual([]);
      // An undoable delete's toast names the deleted rows, for its undo.
      const undo = before.matches('removing') ? { undo: b.pendingDelete } : {};
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: event.message, ...undo } }, fetched]);
    }
    case 'delete.failed':
      expect(a.pendingDelete).toEqual([]);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: event.message } }, ...(b.stale ? [fetched] : [])]);
    case 'delete.undo':
      expect(a).toEqual(b);
      return expect(effects).toEqual([{ type: 'restoreRows', params: { ids: event.ids } }]);
    case 'undo.done': {
      const notice = { type: 'notify', params: { kind: 'success', message: event.message } };
      // The restored rows show at once when the list is idle; a busy list loads again when it is done.
      if (before.matches('settled')) {
        expect(after.value).toBe('loading');
        return expect(effects).toEqual([notice, fetched]);
      }
      expect(a.stale).toBe(true);
      return expect(effects).toEqual([notice]);
    }
    case 'undo.failed':
      expect(a).toEqual(b);
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

  it('opens on the page a shared link names', () => {
    const { take } = startRecorded(resourceListMachine, ['fetchPage'], coverage, { limit: 20, page: 3, filters: { title: 'x' } });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 3, limit: 20, filters: { title: 'x' } } }]);
  });

  it("a user's change of filters, page or size is recorded as a new history entry; a correction replaces it", () => {
    const { actor, take } = startRecorded(resourceListMachine, ['recordQuery'], coverage, { limit: 10 });
    actor.send(loaded(ROWS, 42));
    actor.send({ type: 'filters.change', name: 'title', value: 'news' });
    actor.send({ type: 'filters.apply' });
    actor.send(loaded(ROWS, 42));
    actor.send({ type: 'page.change', page: 3 });
    actor.send(loaded([], 20));
    actor.send(loaded(ROWS, 20));
    actor.send({ type: 'limit.change', limit: 50 });
    actor.send(loaded(ROWS, 20));
    actor.send({ type: 'filters.reset' });
    expect(take().map((c) => c.params)).toEqual([
      { query: { page: 1, limit: 10, filters: { title: 'news' } }, replace: false },
      { query: { page: 3, limit: 10, filters: { title: 'news' } }, replace: false },
      { query: { page: 2, limit: 10, filters: { title: 'news' } }, replace: true },
      { query: { page: 1, limit: 50, filters: { title: 'news' } }, replace: false },
      { query: { page: 1, limit: 50, filters: {} }, replace: false },
    ]);
  });

  it('back or forward shows the query the URL holds, and the same query again changes nothing', () => {
    const { actor, take } = startRecorded(resourceListMachine, ['fetchPage', 'recordQuery'], coverage, { limit: 10 });
    actor.send(loaded(ROWS));
    take();
    actor.send({ type: 'query.restore', query: { page: 2, limit: 20, filters: { title: 'kept', status: '' } } });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 2, limit: 20, filters: { title: 'kept' } } }]);
    expect(actor.getSnapshot().context.draft).toEqual({ title: 'kept', status: '' });
    actor.send(loaded(ROWS));
    actor.send({ type: 'query.restore', query: { page: 2, limit: 20, filters: { title: 'kept' } } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(take()).toEqual([]);
  });

  it('a column header sorts ascending, then descending, from page 1; another column starts ascending again', async () => {
    const { actor, take } = startRecorded(resourceListMachine, ['fetchPage', 'recordQuery'], coverage, { limit: 10 });
    actor.send(loaded(ROWS, 42));
    actor.send({ type: 'page.change', page: 3 });
    actor.send(loaded(ROWS, 42));
    take();
    actor.send({ type: 'sort.toggle', by: 'views' });
    actor.send(loaded(ROWS, 42));
    actor.send({ type: 'sort.toggle', by: 'views' });
    actor.send(loaded(ROWS, 42));
    actor.send({ type: 'sort.toggle', by: 'id' });
    const asc = { by: 'views', order: 'asc' };
    const desc = { by: 'views', order: 'desc' };
    expect(take()).toEqual([
      { type: 'recordQuery', params: { query: { page: 1, limit: 10, filters: {}, sort: asc }, replace: false } },
      { type: 'fetchPage', params: { page: 1, limit: 10, filters: {}, sort: asc } },
      { type: 'recordQuery', params: { query: { page: 1, limit: 10, filters: {}, sort: desc }, replace: false } },
      { type: 'fetchPage', params: { page: 1, limit: 10, filters: {}, sort: desc } },
      { type: 'recordQuery', params: { query: { page: 1, limit: 10, filters: {}, sort: { by: 'id', order: 'asc' } }, replace: false } },
      { type: 'fetchPage', params: { page: 1, limit: 10, filters: {}, sort: { by: 'id', order: 'asc' } } },
    ]);
    expect(toggledSort(undefined, 'id')).toEqual({ by: 'id', order: 'asc' });
  });

  it('a shared link opens on its sort, back restores the sort before, and the same sort again changes nothing', () => {
    const sort = { by: 'published_at', order: 'desc' } as const;
    const { actor, take } = startRecorded(resourceListMachine, ['fetchPage', 'recordQuery'], coverage, { limit: 10, sort });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: {}, sort } }]);
    actor.send(loaded(ROWS));
    actor.send({ type: 'query.restore', query: { page: 1, limit: 10, filters: {}, sort: { ...sort } } });
    expect(take()).toEqual([]);
    actor.send({ type: 'query.restore', query: { page: 1, limit: 10, filters: {} } });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } }]);
    expect(actor.getSnapshot().context.query.sort).toBeUndefined();
  });

  it('a list whose load failed can still be sorted', () => {
    const { actor, take } = start();
    actor.send({ type: 'page.failed', message: 'timeout' });
    take();
    actor.send({ type: 'sort.toggle', by: 'id' });
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: {}, sort: { by: 'id', order: 'asc' } } }]);
  });

  it('rows going to a recycle bin are deleted at once; the undo restores them and the list shows them again', () => {
    const { actor, take } = ready();
    actor.send({ type: 'rows.toggleAll' });
    actor.send({ type: 'delete.request', ids: [1, 2], undoable: true });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(take()).toEqual([{ type: 'deleteRows', params: { ids: [1, 2] } }]);
    actor.send({ type: 'delete.done', message: 'Moved to the recycle bin' });
    expect(take()).toEqual([
      { type: 'notify', params: { kind: 'success', message: 'Moved to the recycle bin', undo: [1, 2] } },
      { type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } },
    ]);
    // Undo clicked while the page still loads: the rows come back, and the list loads once more after.
    actor.send({ type: 'delete.undo', ids: [1, 2] });
    expect(take()).toEqual([{ type: 'restoreRows', params: { ids: [1, 2] } }]);
    actor.send({ type: 'undo.done', message: 'Restored' });
    actor.send(loaded([]));
    expect(take()).toEqual([
      { type: 'notify', params: { kind: 'success', message: 'Restored' } },
      { type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } },
    ]);
    actor.send(loaded(ROWS));
    expect(actor.getSnapshot().hasTag('filled')).toBe(true);
  });

  it('an undo that lands after a failed load loads the list again', () => {
    const { actor, take } = start();
    actor.send({ type: 'page.failed', message: 'timeout' });
    take();
    actor.send({ type: 'undo.done', message: 'Restored' });
    expect(take()).toEqual([
      { type: 'notify', params: { kind: 'success', message: 'Restored' } },
      { type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } },
    ]);
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
