import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { recycleBinMachine, type BinEvent, type BinFilters } from '../../machines/recycleBin.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type Call, type StepCheck } from './harness';
import { ROWS, loaded, queryEvents, actionEvents } from './examples/recycleBin.examples';

type Snapshot = SnapshotFrom<typeof recycleBinMachine>;
type Type = BinEvent['type'];

const coverage = trackTransitions(recycleBinMachine);
const start = () => startRecorded(recycleBinMachine, ['fetchPage', 'runAction', 'notify'], coverage, { limit: 10 });

const READY: Type[] = ['list.reload', 'filters.change', 'filters.apply', 'filters.reset', 'page.change', 'limit.change', 'row.toggle', 'rows.toggleAll', 'action.request'];
const VIEWS: Record<string, { tags: string[]; accepts: Type[] }> = {
  '"loading"': { tags: ['busy'], accepts: ['page.loaded', 'page.failed', 'filters.change'] },
  '{"ready":"filled"}': { tags: ['filled'], accepts: READY },
  '{"ready":"empty"}': { tags: ['empty'], accepts: READY },
  '"confirming"': { tags: ['confirming'], accepts: ['action.confirm', 'action.cancel', 'filters.change'] },
  '"working"': { tags: ['busy', 'confirming'], accepts: ['action.done', 'action.failed', 'filters.change'] },
  '"failed"': { tags: ['failed'], accepts: ['list.reload', 'filters.change', 'filters.apply', 'filters.reset'] },
};
const TAGS = ['busy', 'filled', 'empty', 'confirming', 'failed'];
const PROBES: BinEvent[] = [
  loaded([]),
  { type: 'page.failed', message: '' },
  ...READY.map((type) => ({ type, name: 'x', value: 'y', page: 2, limit: 20, key: 'tag:1', action: 'restore', keys: ['tag:1'] }) as BinEvent),
  { type: 'action.confirm' },
  { type: 'action.cancel' },
  { type: 'action.done', message: '' },
  { type: 'action.failed', message: '' },
];

function expectViews(s: Snapshot) {
  const view = VIEWS[JSON.stringify(s.value)];
  expect(view, `no expectations for ${JSON.stringify(s.value)}`).toBeDefined();
  for (const tag of TAGS) expect(s.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const probe of PROBES) expect(s.can(probe), `can ${probe.type}`).toBe(view.accepts.includes(probe.type));
  expect(s.can({ type: 'action.request', action: 'purge', keys: [] }), 'acting on nothing is refused').toBe(false);
  expect(s.context.pending !== null, 'a pending action exactly while confirming').toBe(s.hasTag('confirming'));
  if (s.matches('ready')) {
    expect(s.hasTag('filled')).toBe(s.context.rows.length > 0);
    for (const key of s.context.selected) expect(s.context.rows.map((r) => r.key)).toContain(key);
  }
}

const withoutBlanks = (f: BinFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '' && v !== undefined));
const toggled = (keys: string[], key: string) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]);

function binOracle({ before, after, event, effects }: StepCheck<Snapshot, BinEvent>) {
  expectViews(after);
  const b = before.context;
  const a = after.context;
  const fetched: Call = { type: 'fetchPage', params: a.query };
  if (event.type === ('xstate.init' as string)) return expect(effects).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } }]);
  switch (event.type) {
    case 'page.loaded':
      if (event.rows.length === 0 && b.query.page > 1) {
        expect(a.query).toEqual({ ...b.query, page: b.query.page - 1 });
        return expect(effects).toEqual([fetched]);
      }
      expect(a).toMatchObject({ rows: event.rows, count: event.count, error: null, query: b.query });
      expect(a.selected).toEqual(b.selected.filter((k) => event.rows.some((r) => r.key === k)));
      return expect(effects).toEqual([]);
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
      expect([a.draft, a.query]).toEqual([{}, { ...b.query, page: 1, filters: {} }]);
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
      expect(a.selected).toEqual(toggled(b.selected, event.key));
      return expect(effects).toEqual([]);
    case 'rows.toggleAll': {
      const all = b.rows.map((r) => r.key);
      expect(a.selected).toEqual(b.selected.length === all.length ? [] : all);
      return expect(effects).toEqual([]);
    }
    case 'action.request':
      expect(a.pending).toEqual({ action: event.action, keys: event.keys });
      return expect(effects).toEqual([]);
    case 'action.confirm':
      expect(a.pending).toEqual(b.pending);
      return expect(effects).toEqual([{ type: 'runAction', params: b.pending }]);
    case 'action.cancel':
      return expect(effects).toEqual([]);
    case 'action.done':
      expect(a.selected).toEqual(b.selected.filter((k) => !b.pending!.keys.includes(k)));
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: event.message } }, fetched]);
    case 'action.failed':
      expect(a.selected).toEqual(b.selected);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: event.message } }]);
  }
}

describe('recycle bin chart, every path of the model', () => {
  const model = createTestModel(recycleBinMachine, { serializeState: serializeTransition, limit: 200_000, input: { limit: 10 } });
  const facets = { query: queryEvents, 'selection, restore and purge': actionEvents };
  for (const [facet, candidates] of Object.entries(facets)) {
    describe(facet, () => {
      for (const path of model.getShortestPaths({ events: coverage.examples((s: Snapshot) => candidates(s).filter((e) => s.can(e))) })) {
        it(describePath(path), () => walkPath(path, start, binOracle));
      }
    });
  }
});

describe('recycle bin chart, what a user does in the bin', () => {
  const ready = () => {
    const bin = start();
    bin.actor.send(loaded(ROWS));
    bin.take();
    return bin;
  };

  it('restores the selected records after a confirm, then reloads the page', () => {
    const { actor, take } = ready();
    actor.send({ type: 'rows.toggleAll' });
    actor.send({ type: 'action.request', action: 'restore', keys: actor.getSnapshot().context.selected });
    actor.send({ type: 'action.confirm' });
    expect(take()).toEqual([{ type: 'runAction', params: { action: 'restore', keys: ['tag:1', 'slide:1'] } }]);
    actor.send({ type: 'action.done', message: 'Restored' });
    expect(take()).toEqual([
      { type: 'notify', params: { kind: 'success', message: 'Restored' } },
      { type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } },
    ]);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('a refused restore keeps the selection and says why', () => {
    const { actor, take } = ready();
    actor.send({ type: 'row.toggle', key: 'slide:1' });
    actor.send({ type: 'action.request', action: 'restore', keys: ['slide:1'] });
    actor.send({ type: 'action.confirm' });
    take();
    actor.send({ type: 'action.failed', message: 'Restore the parent first' });
    expect(take()).toEqual([{ type: 'notify', params: { kind: 'error', message: 'Restore the parent first' } }]);
    expect(actor.getSnapshot().context.selected).toEqual(['slide:1']);
    expect(actor.getSnapshot().hasTag('filled')).toBe(true);
  });

  it('purging the last records of a later page goes back a page', () => {
    const { actor, take } = ready();
    actor.send({ type: 'page.change', page: 2 });
    actor.send(loaded([ROWS[0]!], 11));
    actor.send({ type: 'action.request', action: 'purge', keys: ['tag:1'] });
    actor.send({ type: 'action.confirm' });
    actor.send({ type: 'action.done', message: 'Deleted' });
    take();
    actor.send(loaded([], 10));
    expect(take()).toEqual([{ type: 'fetchPage', params: { page: 1, limit: 10, filters: {} } }]);
  });
});

describe('recycle bin chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
