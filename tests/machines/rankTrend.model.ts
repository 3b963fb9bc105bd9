import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { rankTrendMachine, RankTrendEvent } from '../../machines/rankTrend.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { A, events } from './examples/rankTrend.examples';
export { A, B, HISTORY } from './examples/rankTrend.examples';

// The rank trend chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof rankTrendMachine>;
type Type = RankTrendEvent['type'];

export const EFFECTS = ['fetchHistory'] as const;

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
  expect(view, `no expectations for ${JSON.stringify(after.value)}`).toBeDefined();
  for (const tag of TAGS) expect(after.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const probe of PROBES) expect(after.can(probe), `can ${probe.type}`).toBe(view.accepts.includes(probe.type));
  // Only the answer for the keyword on screen is taken.
  if (after.hasTag('busy')) {
    expect(after.can({ type: 'history.loaded', id: after.context.keyword!.id, history: [] })).toBe(true);
    expect(after.can({ type: 'history.loaded', id: after.context.keyword!.id + 100, history: [] })).toBe(false);
  }
  // Loading or shown, the last failure is no longer reported.
  if (after.hasTag('busy') || after.hasTag('ready')) expect(after.context.error, 'no stale error').toBeNull();
  const entered = after.hasTag('busy') && (!before.hasTag('busy') || event.type === 'trend.open');
  expect(effects).toEqual(entered ? [{ type: 'fetchHistory', params: { id: after.context.keyword!.id } }] : []);
  if (event.type === 'trend.open') expect(after.context).toEqual({ keyword: event.keyword, history: [], error: null });
  if (event.type === 'history.loaded') expect(after.context.history).toEqual(event.history);
  if (event.type === 'history.failed') expect(after.context.error).toBe(event.message);
}

/** Every shortest path of the model, with the events each state accepts. */
export const rankTrendModelTests: ModelSuite<typeof rankTrendMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { serializeState: serializeTransition, limit: 50_000 });
  return model.getShortestPaths({ events: coverage.examples((s: Snapshot) => events().filter((e) => s.can(e))) }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage), oracle),
  }));
};
