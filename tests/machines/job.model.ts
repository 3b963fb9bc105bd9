import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { JobEvent, jobMachine } from '../../machines/job.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { SITE, EVENTS } from './examples/job.examples';
export { SITE, COLUMN, RESULT } from './examples/job.examples';

// The job chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof jobMachine>;
type Event = JobEvent;

export const ACTIONS = ['startJob', 'follow', 'unfollow', 'cancelJob', 'finished'] as const;

/** What a job's view must show and do after each event. */
function jobOracle({ before, after, event, effects }: StepCheck<Snapshot, Event>) {
  // Exactly one face: the form (idle), a run under way (busy), an outcome (finished).
  expect([after.hasTag('idle'), after.hasTag('busy'), after.hasTag('finished')].filter(Boolean)).toHaveLength(1);
  expect(after.can({ type: 'job.cancel' })).toBe(after.hasTag('cancellable'));
  // Reset is refused only while a run is under way.
  expect(after.can({ type: 'job.reset' })).toBe(!after.hasTag('busy'));
  expect(after.can({ type: 'job.start', params: SITE })).toBe(after.hasTag('idle'));
  // Progress is shown exactly while a started job is followed.
  expect(after.hasTag('progress')).toBe(after.hasTag('busy') && !after.hasTag('starting'));
  const following = before.hasTag('progress');
  const c = before.context;
  const unfollowed = { type: 'unfollow', params: { jobId: c.jobId } };
  switch (event.type) {
    case 'job.start':
      if (before.hasTag('idle')) {
        expect(after.hasTag('starting')).toBe(true);
        expect(after.context).toMatchObject({ params: event.params, jobId: null, progress: 0, result: null, error: null });
        expect(effects).toEqual([{ type: 'startJob', params: { params: event.params } }]);
      } else {
        expect(after).toBe(before);
        expect(effects).toEqual([]);
      }
      break;
    case 'job.started':
      if (before.hasTag('starting')) {
        expect(after.hasTag('cancellable')).toBe(true);
        expect(after.context).toMatchObject({ jobId: event.jobId, progress: 0 });
        expect(effects).toEqual([{ type: 'follow', params: { jobId: event.jobId } }]);
      } else expect(after).toBe(before);
      break;
    case 'job.startFailed':
      if (before.hasTag('starting')) {
        expect(after.hasTag('idle')).toBe(true);
        expect(after.context.error).toBe(event.message);
        // The params stay for another try.
        expect(after.context.params).toEqual(c.params);
        expect(effects).toEqual([]);
      } else expect(after).toBe(before);
      break;
    case 'job.update':
      if (!following) {
        expect(after).toBe(before);
        break;
      }
      if (event.status === 'done') {
        expect(after.hasTag('succeeded')).toBe(true);
        expect(after.context).toMatchObject({ progress: 100, result: event.result, error: null });
        expect(effects).toEqual([unfollowed, { type: 'finished', params: { status: 'done', result: event.result, error: null } }]);
      } else if (event.status === 'failed') {
        expect(after.hasTag('failed')).toBe(true);
        expect(after.context).toMatchObject({ progress: event.progress, error: event.error });
        expect(effects).toEqual([unfollowed, { type: 'finished', params: { status: 'failed', result: c.result, error: event.error } }]);
      } else if (event.status === 'cancelled') {
        expect(after.hasTag('cancelled')).toBe(true);
        expect(after.context).toMatchObject({ progress: event.progress, result: event.result });
        expect(effects).toEqual([unfollowed, { type: 'finished', params: { status: 'cancelled', result: event.result, error: c.error } }]);
      } else {
        // Still going: the bar moves, the job stays followed, cancelling stays cancelling.
        expect(after.context.progress).toBe(event.progress);
        expect(after.value).toEqual(before.value);
        expect(effects).toEqual([]);
      }
      break;
    case 'job.followFailed':
      if (following) {
        expect(after.hasTag('failed')).toBe(true);
        expect(after.context.error).toBe(event.message);
        expect(effects).toEqual([unfollowed, { type: 'finished', params: { status: 'failed', result: c.result, error: event.message } }]);
      } else expect(after).toBe(before);
      break;
    case 'job.cancel':
      if (before.hasTag('cancellable')) {
        expect(after.hasTag('cancelling')).toBe(true);
        expect(after.hasTag('progress')).toBe(true);
        expect(effects).toEqual([{ type: 'cancelJob', params: { jobId: c.jobId } }]);
      } else expect(after).toBe(before);
      break;
    case 'job.cancelFailed':
      if (before.hasTag('cancelling')) {
        expect(after.hasTag('cancellable')).toBe(true);
        expect(after.context.error).toBe(event.message);
        // Still the same job, still followed: no new subscription.
        expect(effects).toEqual([]);
      } else expect(after).toBe(before);
      break;
    case 'job.reset':
      if (!before.hasTag('busy')) {
        expect(after.hasTag('idle')).toBe(true);
        // A clean form: no last outcome, no last refusal; the params stay.
        expect(after.context).toEqual({ params: c.params, jobId: null, progress: 0, result: null, error: null });
        expect(effects).toEqual([]);
      } else expect(after).toBe(before);
      break;
  }
}

export const jobModelTests: ModelSuite<typeof jobMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 20_000 });
  return model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, ACTIONS, coverage), jobOracle),
  }));
};
