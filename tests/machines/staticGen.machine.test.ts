import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { staticGenMachine, startParams, type StaticGenEvent } from '../../machines/staticGen.machine';
import type { StaticGenResult } from '../../models/staticGen';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof staticGenMachine>;

const coverage = trackTransitions(staticGenMachine);
const ACTIONS = ['startGen', 'pollJob', 'cancelJob', 'finished'] as const;
const start = () => startRecorded(staticGenMachine, ACTIONS, coverage);

const RESULT: StaticGenResult = { scope: 'site', pages: 12, bytes: 3400, failed: [], removed: 0, ms: 80, output: '/data/static/site-1' };
const EVENTS: StaticGenEvent[] = [
  { type: 'scope.change', scope: 'column' },
  { type: 'scope.change', scope: 'content' },
  { type: 'scope.change', scope: 'site' },
  { type: 'scope.change', categoryId: 5 },
  { type: 'scope.change', ids: [3, 4] },
  { type: 'gen.start' },
  { type: 'gen.started', jobId: 11 },
  { type: 'gen.failed', message: 'denied' },
  { type: 'job.update', status: 'running', progress: 40 },
  { type: 'job.update', status: 'done', progress: 100, result: RESULT },
  { type: 'job.update', status: 'failed', progress: 40, error: 'disk full' },
  { type: 'job.update', status: 'cancelled', progress: 40, result: { ...RESULT, cancelled: true } },
  { type: 'poll.failed', message: 'offline' },
  { type: 'gen.cancel' },
  { type: 'cancel.failed', message: 'already finished' },
  { type: 'gen.reset' },
];

/** What the page must show and do after each event. */
function oracle({ before, after, event, effects }: StepCheck<Snapshot, StaticGenEvent>) {
  // The page shows exactly one of: the scope form, a run in progress, an outcome.
  expect([after.hasTag('editable'), after.hasTag('busy'), after.hasTag('finished')].filter(Boolean)).toHaveLength(1);
  expect(after.can({ type: 'gen.cancel' })).toBe(after.hasTag('cancellable'));
  expect(after.can({ type: 'gen.reset' })).toBe(after.hasTag('finished'));
  const wasBusy = before.hasTag('busy');
  const polling = before.hasTag('progress');
  const c = before.context;
  switch (event.type) {
    case 'scope.change':
      if (!before.hasTag('editable')) {
        expect(after).toBe(before);
        break;
      }
      if (event.scope) expect(after.context.scope).toBe(event.scope);
      if (event.categoryId !== undefined) expect(after.context.categoryId).toBe(event.categoryId);
      if (event.ids) expect(after.context.ids).toEqual(event.ids);
      expect(effects).toEqual([]);
      break;
    case 'gen.start': {
      const ready = c.scope === 'site' || (c.scope === 'column' && c.categoryId !== null) || (c.scope === 'content' && c.ids.length > 0);
      if (before.hasTag('editable') && ready) {
        expect(after.hasTag('busy')).toBe(true);
        const params = c.scope === 'site' ? { scope: 'site' } : c.scope === 'column' ? { scope: 'column', category_id: c.categoryId } : { scope: 'content', ids: c.ids };
        expect(effects).toEqual([{ type: 'startGen', params }]);
      } else {
        // Nothing chosen for the scope (or not on the form): nothing starts.
        expect(after).toBe(before);
        expect(effects).toEqual([]);
      }
      break;
    }
    case 'gen.started':
      if (wasBusy && !polling) {
        expect(after.hasTag('cancellable')).toBe(true);
        expect(effects).toEqual([{ type: 'pollJob', params: { jobId: event.jobId } }]);
      } else expect(after).toBe(before);
      break;
    case 'gen.failed':
      if (wasBusy && !polling) {
        expect(after.hasTag('editable')).toBe(true);
        expect(after.context.error).toBe(event.message);
      } else expect(after).toBe(before);
      break;
    case 'job.update':
      if (!polling) {
        expect(after).toBe(before);
        break;
      }
      if (event.status === 'done') {
        expect(after.hasTag('succeeded')).toBe(true);
        expect(after.context).toMatchObject({ progress: 100, result: event.result });
        expect(effects).toEqual([{ type: 'finished', params: { status: 'done' } }]);
      } else if (event.status === 'failed' || event.status === 'cancelled') {
        expect(after.hasTag(event.status)).toBe(true);
        if (event.status === 'failed') expect(after.context.error).toBe(event.error);
        else expect(after.context.result).toEqual(event.result);
        expect(effects).toEqual([{ type: 'finished', params: { status: event.status } }]);
      } else {
        expect(after.context.progress).toBe(event.progress);
        expect(effects).toEqual([{ type: 'pollJob', params: { jobId: c.jobId } }]);
      }
      break;
    case 'poll.failed':
      if (polling) {
        expect(after.hasTag('failed')).toBe(true);
        expect(after.context.error).toBe(event.message);
        expect(effects).toEqual([{ type: 'finished', params: { status: 'failed' } }]);
      } else expect(after).toBe(before);
      break;
    case 'gen.cancel':
      if (before.hasTag('cancellable')) {
        expect(after.hasTag('cancellable')).toBe(false);
        expect(after.hasTag('progress')).toBe(true);
        expect(effects).toEqual([{ type: 'cancelJob', params: { jobId: c.jobId } }]);
      } else expect(after).toBe(before);
      break;
    case 'cancel.failed':
      if (polling && !before.hasTag('cancellable')) {
        expect(after.hasTag('cancellable')).toBe(true);
        expect(effects).toEqual([]);
      } else expect(after).toBe(before);
      break;
    case 'gen.reset':
      if (before.hasTag('finished')) {
        expect(after.hasTag('editable')).toBe(true);
        // The chosen scope stays for the next run.
        expect(after.context.scope).toBe(c.scope);
      } else expect(after).toBe(before);
      break;
  }
}

describe('static generation chart, every path of the model', () => {
  const model = createTestModel(staticGenMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 20_000 });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });
  it('the model has paths to walk', () => expect(paths.length).toBeGreaterThan(20));
  for (const path of paths) {
    it(describePath(path), () => walkPath(path, () => start(), oracle));
  }
});

describe('static generation chart, what the page sees', () => {
  it('a column run: choose, start, progress, done', () => {
    const { actor, take } = start();
    actor.send({ type: 'scope.change', scope: 'column' });
    actor.send({ type: 'gen.start' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'scope.change', categoryId: 9 });
    actor.send({ type: 'gen.start' });
    actor.send({ type: 'gen.started', jobId: 4 });
    actor.send({ type: 'job.update', status: 'running', progress: 50 });
    actor.send({ type: 'job.update', status: 'done', progress: 100, result: RESULT });
    expect(actor.getSnapshot().context.result).toEqual(RESULT);
    expect(take()).toEqual([
      { type: 'startGen', params: { scope: 'column', category_id: 9 } },
      { type: 'pollJob', params: { jobId: 4 } },
      { type: 'pollJob', params: { jobId: 4 } },
      { type: 'finished', params: { status: 'done' } },
    ]);
  });

  it('startParams names only what the scope needs', () => {
    const ctx = { ...staticGenMachine.config.context!, categoryId: 3, ids: [1] } as Parameters<typeof startParams>[0];
    expect(startParams({ ...ctx, scope: 'site' })).toEqual({ scope: 'site' });
    expect(startParams({ ...ctx, scope: 'content' })).toEqual({ scope: 'content', ids: [1] });
  });
});

describe('static generation chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
