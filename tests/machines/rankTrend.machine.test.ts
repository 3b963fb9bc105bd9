import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { rankTrendMachine, type RankTrendEvent } from '../../machines/rankTrend.machine';
import type { RankCheck } from '../../models/keyword';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof rankTrendMachine>;
type Type = RankTrendEvent['type'];

const coverage = trackTransitions(rankTrendMachine);
const start = () => startRecorded(rankTrendMachine, ['fetchHistory'], coverage);

const A = { id: 1, name: '云计算' };
const B = { id: 2, name: 'AI' };
const HISTORY: RankCheck[] = [{ id: 9, engine: 'baidu', position: 4, url: 'https://a.example.com/', indexed: 10, error: '', checked_at: '2026-01-01T00:00:00.000Z' }];

function events(): RankTrendEvent[] {
  return [
    { type: 'trend.open', keyword: A },
    { type: 'trend.open', keyword: B },
    { type: 'history.loaded', id: 1, history: HISTORY },
    { type: 'history.loaded', id: 2, history: [] },
    { type: 'history.failed', id: 1, message: 'Network error' },
    { type: 'trend.reload' },
    { type: 'trend.close' },
  ];
}

const VIEWS: Record<string, { tags: string[]; accepts: Type[] }> = {
  '"closed"': { tags: [], accepts: ['trend.open'] },
  '"loading"': { tags: ['open', 'busy'], accepts: ['trend.open', 'trend.close'] },
  '"shown"': { tags: ['open', 'ready'], accepts: ['trend.open', 'trend.reload', 'trend.close'] },
  '"failed"': { tags: ['open', 'failed'], accepts: ['trend.reload', 'trend.close'] },
};
const TAGS = ['open', 'busy', 'ready', 'failed'];
const PROBES: RankTrendEvent[] = [{ type: 'trend.open', keyword: A }, { type: 'trend.reload' }, { type: 'trend.close' }];

function oracle({ before, after, event, effects }: StepCheck<Snapshot, RankTrendEvent>) {
  const view = VIEWS[JSON.stringify(after.value)]!;
  for (const tag of TAGS) expect(after.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const probe of PROBES) expect(after.can(probe), `can ${probe.type}`).toBe(view.accepts.includes(probe.type));
  // Only the answer for the keyword on screen is taken.
  if (after.hasTag('busy')) {
    expect(after.can({ type: 'history.loaded', id: after.context.keyword!.id, history: [] })).toBe(true);
    expect(after.can({ type: 'history.loaded', id: after.context.keyword!.id + 100, history: [] })).toBe(false);
  }
  const entered = after.hasTag('busy') && (!before.hasTag('busy') || event.type === 'trend.open');
  expect(effects).toEqual(entered ? [{ type: 'fetchHistory', params: { id: after.context.keyword!.id } }] : []);
  if (event.type === 'trend.open') expect(after.context).toEqual({ keyword: event.keyword, history: [], error: null });
  if (event.type === 'history.loaded') expect(after.context.history).toEqual(event.history);
  if (event.type === 'history.failed') expect(after.context.error).toBe(event.message);
}

describe('rank trend chart, every path of the model', () => {
  const model = createTestModel(rankTrendMachine, { serializeState: serializeTransition, limit: 50_000 });
  for (const path of model.getShortestPaths({ events: coverage.examples((s: Snapshot) => events().filter((e) => s.can(e))) })) {
    it(describePath(path), () => walkPath(path, start, oracle));
  }
});

describe('rank trend chart, what an admin does', () => {
  it('opens a keyword’s trend, ignores a late answer for the previous one, reloads after a check', () => {
    const { actor, take } = start();
    actor.send({ type: 'trend.open', keyword: A });
    actor.send({ type: 'trend.open', keyword: B });
    actor.send({ type: 'history.loaded', id: 1, history: HISTORY });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'history.loaded', id: 2, history: HISTORY });
    actor.send({ type: 'trend.reload' });
    expect(take()).toEqual([
      { type: 'fetchHistory', params: { id: 1 } },
      { type: 'fetchHistory', params: { id: 2 } },
      { type: 'fetchHistory', params: { id: 2 } },
    ]);
    // The chart keeps showing the old points while the new ones load.
    expect(actor.getSnapshot().context.history).toEqual(HISTORY);
  });
});

describe('rank trend chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
