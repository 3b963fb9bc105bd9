/** GET /job/read → data: a background job's progress and outcome. */
export interface Job {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  /** 0-100 */
  progress: number;
  total: number;
  result: Record<string, unknown> | null;
  error: string;
  created_at: string;
  finished_at: string | null;
}
