import type { OpLogCalls } from './types';
import { SUPER_PASSWORD } from '../../helpers/app';
import { takeBackup } from '../../helpers/databaseBackups';

// One logged call per mutating route of database backup and restore (issue 13).

export const databaseCalls: OpLogCalls = {
  '/api/database/backup': async ({ t, superToken }) => {
    const res = await t.client(superToken).post<{ job_id: number }>('/database/backup');
    if (res.code !== 0) throw new Error(`call failed: ${res.code} ${res.msg}`);
    await t.app.ctx.jobs.whenIdle();
    return `#${res.data.job_id}`;
  },
  '/api/database/restore': async ({ t, superToken }) => {
    // The restored data replaces the operation log too: the restore writes its entry into the restored one.
    const { name } = await takeBackup(t, superToken);
    const res = await t.client(superToken).post('/database/restore', { name, password: SUPER_PASSWORD });
    if (res.code !== 0) throw new Error(`call failed: ${res.code} ${res.msg}`);
    await t.app.ctx.jobs.whenIdle();
    return name;
  },
  '/api/database/delete': async ({ t, superToken }) => {
    const { name } = await takeBackup(t, superToken);
    const res = await t.client(superToken).post('/database/delete', { name });
    if (res.code !== 0) throw new Error(`call failed: ${res.code} ${res.msg}`);
    return name;
  },
  '/api/database/schedule': async ({ t, superToken }) => {
    const res = await t.client(superToken).post('/database/schedule', { interval_hours: 0, retention: 5 });
    if (res.code !== 0) throw new Error(`call failed: ${res.code} ${res.msg}`);
    return '0h / 5';
  },
};
