import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { categoryCopyMachine, type CopyEvent } from '../../machines/categoryCopy.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof categoryCopyMachine>;

const coverage = trackTransitions(categoryCopyMachine);
const ACTIONS = ['startCopy', 'pollJob', 'cancelJob', 'copied'] as const;
const start = () => startRecorded(categoryCopyMachine, ACTIONS, coverage);

const SOURCE = { id: 7, title: 'News' };
const EVENTS: CopyEvent[] = [
  { type: 'copy.open', source: SOURCE, siteId: 1 },
  { type: 'copy.open', source: SOURCE, siteId: null },
  { type: 'target.change', siteId: 2 },
  { type: 'target.change', parentId: 5 },
  { type: 'target.change', withContent: false },
  { type: 'copy.submit' },
  { type: 'copy.started', jobId: 11 },
  { type: 'copy.failed', message: 'denied' },
  { type: 'job.update', status: 'running', progress: 40 },
  { type: 'job.update', status: 'done', progress: 100, result: { contents: 3 } },
  { type: 'job.update', status: 'failed', progress: 40, error: 'disk full' },
  { type: 'job.update', status: 'cancelled', progress: 40 },
  { type: 'poll.failed', message: 'offline' },
  { type: 'copy.cancel' },
  { type: 'cancel.failed', message: 'already finished' },
  { type: 'copy.close' },
];

/** What the dialog must show and do after each event. */
function copyOracle({ before, after, event, effects }: StepCheck<Snapshot, CopyEvent>) {
  const open = after.hasTag('open');
  // The dialog shows exactly one of: the target form, a copy in progress, an outcome — or nothing.
  const faces = [after.hasTag('editable'), after.hasTag('busy'), after.hasTag('finished')].filter(Boolean);
  expect(faces).toHaveLength(open ? 1 : 0);
  // Cancel is offered only while a started job runs; the dialog closes only when nothing is under way.
  expect(after.can({ type: 'copy.cancel' })).toBe(after.hasTag('cancellable'));
  expect(after.can({ type: 'copy.close' })).toBe(open && !after.hasTag('busy'));
  const wasBusy = before.hasTag('busy');
  const polling = before.hasTag('progress');
  switch (event.type) {
    case 'copy.open':
      if (before.hasTag('open')) {
        expect(after).toBe(before);
        break;
      }
      expect(after.hasTag('editable')).toBe(true);
      expect(after.context).toMatchObject({ source: SOURCE, targetSiteId: event.siteId, targetParentId: 0, withContent: true, error: null, progress: 0 });
      expect(effects).toEqual([]);
      break;
    case 'target.change':
      if (!before.hasTag('editable')) {
        expect(after).toBe(before);
        break;
      }
      if (event.siteId !== undefined && event.siteId !== before.context.targetSiteId) expect(after.context.targetParentId).toBe(0);
      if (event.parentId !== undefined) expect(after.context.targetParentId).toBe(event.parentId);
      if (event.withContent !== undefined) expect(after.context.withContent).toBe(event.withContent);
      expect(effects).toEqual([]);
      break;
    case 'copy.submit':
      if (before.hasTag('editable') && before.context.targetSiteId !== null) {
        expect(after.hasTag('busy')).toBe(true);
        expect(effects).toEqual([
          {
            type: 'startCopy',
            params: { id: SOURCE.id, target_site_id: before.context.targetSiteId, target_parent_id: before.context.targetParentId, with_content: before.context.withContent },
          },
        ]);
      } else {
        // No target site: nothing starts.
        expect(after).toBe(before);
        expect(effects).toEqual([]);
      }
      break;
    case 'copy.started':
      if (wasBusy && !polling) {
        expect(after.hasTag('cancellable')).toBe(true);
        expect(effects).toEqual([{ type: 'pollJob', params: { jobId: event.jobId } }]);
      } else expect(after).toBe(before);
      break;
    case 'copy.failed':
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
        expect(after.context.progress).toBe(100);
        expect(effects).toEqual([{ type: 'copied', params: { targetSiteId: before.context.targetSiteId, result: event.result } }]);
      } else if (event.status === 'failed' || event.status === 'cancelled') {
        expect(after.hasTag('finished')).toBe(true);
        expect(after.hasTag('succeeded')).toBe(false);
        if (event.status === 'failed') expect(after.context.error).toBe(event.error);
        expect(effects).toEqual([]);
      } else {
        // Still going: the bar moves and the job is asked again.
        expect(after.context.progress).toBe(event.progress);
        expect(effects).toEqual([{ type: 'pollJob', params: { jobId: before.context.jobId } }]);
      }
      break;
    case 'poll.failed':
      if (polling) {
        expect(after.hasTag('finished')).toBe(true);
        expect(after.context.error).toBe(event.message);
      } else expect(after).toBe(before);
      break;
    case 'copy.cancel':
      if (before.hasTag('cancellable')) {
        expect(after.hasTag('cancellable')).toBe(false);
        expect(after.hasTag('progress')).toBe(true);
        expect(effects).toEqual([{ type: 'cancelJob', params: { jobId: before.context.jobId } }]);
      } else expect(after).toBe(before);
      break;
    case 'cancel.failed':
      if (polling && !before.hasTag('cancellable')) {
        expect(after.hasTag('cancellable')).toBe(true);
        expect(effects).toEqual([]);
      } else expect(after).toBe(before);
      break;
    case 'copy.close':
      if (before.hasTag('open') && !wasBusy) expect(after.hasTag('open')).toBe(false);
      else expect(after).toBe(before);
      break;
  }
}

describe('column copy chart, every path of the model', () => {
  const model = createTestModel(categoryCopyMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 20_000 });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });
  it('the model has paths to walk', () => expect(paths.length).toBeGreaterThan(20));
  for (const path of paths) {
    it(describePath(path), () => walkPath(path, () => start(), copyOracle));
  }
});

describe('column copy chart, what the dialog sees', () => {
  it('a copy runs to the end: start, progress, done', () => {
    const { actor, take } = start();
    actor.send({ type: 'copy.open', source: SOURCE, siteId: 1 });
    actor.send({ type: 'target.change', siteId: 3 });
    actor.send({ type: 'target.change', parentId: 9 });
    actor.send({ type: 'copy.submit' });
    expect(take()).toEqual([{ type: 'startCopy', params: { id: 7, target_site_id: 3, target_parent_id: 9, with_content: true } }]);
    actor.send({ type: 'copy.started', jobId: 4 });
    actor.send({ type: 'job.update', status: 'running', progress: 50 });
    expect(actor.getSnapshot().context.progress).toBe(50);
    actor.send({ type: 'job.update', status: 'done', progress: 100, result: { categories: 2 } });
    expect(actor.getSnapshot().hasTag('succeeded')).toBe(true);
    expect(take()).toEqual([
      { type: 'pollJob', params: { jobId: 4 } },
      { type: 'pollJob', params: { jobId: 4 } },
      { type: 'copied', params: { targetSiteId: 3, result: { categories: 2 } } },
    ]);
  });

  it('choosing another site starts again at its top level', () => {
    const { actor } = start();
    actor.send({ type: 'copy.open', source: SOURCE, siteId: 1 });
    actor.send({ type: 'target.change', parentId: 9 });
    actor.send({ type: 'target.change', siteId: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ targetSiteId: 2, targetParentId: 0 });
  });

  it('a cancelled copy ends as cancelled once the job says so', () => {
    const { actor, take } = start();
    actor.send({ type: 'copy.open', source: SOURCE, siteId: 1 });
    actor.send({ type: 'copy.submit' });
    actor.send({ type: 'copy.started', jobId: 4 });
    actor.send({ type: 'copy.cancel' });
    actor.send({ type: 'job.update', status: 'running', progress: 10 });
    actor.send({ type: 'job.update', status: 'cancelled', progress: 10 });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(take().map((e) => e.type)).toEqual(['startCopy', 'pollJob', 'cancelJob', 'pollJob']);
  });
});

describe('column copy chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
