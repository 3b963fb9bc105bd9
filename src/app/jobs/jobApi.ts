import { JOB_POLL_INTERVAL_MS } from '../../../models/constants';
import type { Job } from '../../../models/job';
import { get, post } from '../../api/http';
import { createJobProgress } from './jobProgress';

/** GET /job/read */
export const readJob = (jobId: number) => get<Job>('/job/read', { id: jobId }).then(({ data }) => data);

/** POST /job/cancel: refused when the job has already ended. */
export const cancelJob = (jobId: number) => post('/job/cancel', { id: jobId }).then(() => undefined);

/** The app's one progress actor: every followed job, one poll loop. */
export const jobProgress = createJobProgress({ read: readJob, intervalMs: JOB_POLL_INTERVAL_MS });
