import { jobMachine, type JobEvent } from '../../../machines/job.machine';
import { defineExamples } from './chart';

// The example events of the job chart: its model-based test walks them and `npm run paths` prints them.


export const SITE = { scope: 'site' };
export const COLUMN = { scope: 'column', category_id: 5 };
export const RESULT = { pages: 12 };

export const EVENTS: JobEvent[] = [
  { type: 'job.start', params: SITE },
  { type: 'job.start', params: COLUMN },
  { type: 'job.started', jobId: 11 },
  { type: 'job.started', jobId: 12 },
  { type: 'job.startFailed', message: 'denied' },
  { type: 'job.update', status: 'queued', progress: 0 },
  { type: 'job.update', status: 'running', progress: 40 },
  { type: 'job.update', status: 'done', progress: 100, result: RESULT },
  { type: 'job.update', status: 'failed', progress: 40, error: 'disk full' },
  { type: 'job.update', status: 'cancelled', progress: 40, result: { pages: 4, cancelled: true } },
  { type: 'job.followFailed', message: 'offline' },
  { type: 'job.cancel' },
  { type: 'job.cancelFailed', message: 'already finished' },
  { type: 'job.reset' },
];

export const jobExamples = defineExamples({
  machine: jobMachine,
  events: EVENTS,
});
