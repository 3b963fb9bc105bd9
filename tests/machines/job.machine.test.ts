import { describe, expect, it } from 'vitest';
import { jobMachine } from '../../machines/job.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { ACTIONS, COLUMN, RESULT, jobModelTests } from './job.model';

const coverage = trackTransitions(jobMachine);
const start = () => startRecorded(jobMachine, ACTIONS, coverage);

describe('job chart, every path of the model', () => {
  const tests = jobModelTests(jobMachine, coverage);
  it('the model has paths to walk', () => expect(tests.length).toBeGreaterThan(20));
  for (const test of tests) it(test.name, test.run);
});

describe('job chart, what a view sees', () => {
  it('a run: start, follow, progress, done, reset, run again', () => {
    const { actor, take } = start();
    actor.send({ type: 'job.start', params: COLUMN });
    actor.send({ type: 'job.started', jobId: 4 });
    actor.send({ type: 'job.update', status: 'running', progress: 50 });
    expect(actor.getSnapshot().context.progress).toBe(50);
    actor.send({ type: 'job.update', status: 'done', progress: 100, result: RESULT });
    expect(actor.getSnapshot().hasTag('succeeded')).toBe(true);
    expect(take()).toEqual([
      { type: 'startJob', params: { params: COLUMN } },
      { type: 'follow', params: { jobId: 4 } },
      { type: 'unfollow', params: { jobId: 4 } },
      { type: 'finished', params: { status: 'done', result: RESULT, error: null } },
    ]);
    actor.send({ type: 'job.reset' });
    actor.send({ type: 'job.start', params: COLUMN });
    expect(actor.getSnapshot().context).toMatchObject({ jobId: null, progress: 0, result: null });
  });

  it('a refused cancel keeps following the same job, which then ends on its own', () => {
    const { actor, take } = start();
    actor.send({ type: 'job.start', params: COLUMN });
    actor.send({ type: 'job.started', jobId: 4 });
    actor.send({ type: 'job.cancel' });
    actor.send({ type: 'job.update', status: 'running', progress: 90 });
    expect(actor.getSnapshot().hasTag('cancelling')).toBe(true);
    actor.send({ type: 'job.cancelFailed', message: 'already finished' });
    actor.send({ type: 'job.update', status: 'done', progress: 100, result: RESULT });
    expect(take().map((e) => e.type)).toEqual(['startJob', 'follow', 'cancelJob', 'unfollow', 'finished']);
  });
});

describe('job chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
