import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { addRoute } from '../http/route';
import { admins } from '../db/schema/index';
import { ApiError, forbidden } from '../http/errors';
import type { AuthContext } from '../http/context';
import { writeOptLog } from '../operations/optLog';
import { verifyPassword } from '../services/passwords';
import { currentSchemaVersion } from '../operations/database/catalog';
import { listBackups, listedBackup, removeBackup } from '../operations/database/files';
import { activeDatabaseJob, attachDatabaseJobs, getBackupSchedule, setBackupSchedule, type RestorePayload } from '../operations/database/jobs';
import {
  BACKUP_JOB,
  BackupDownloadQuery,
  BackupNameBody,
  BackupSchedule,
  RESTORE_JOB,
  RestoreBody,
  type DatabaseIndex,
} from '../../models/database';

// Database backup and restore (/Database/index, issue 13). Listing needs the page; every action (and the
// download, which holds every password hash) is for super-admins only. Names come from the directory
// listing only.

const requireSuper = (auth: AuthContext) => {
  if (!auth.isSuper) throw forbidden('database.superOnly');
};

export default async function databaseRoutes(app: FastifyInstance) {
  attachDatabaseJobs(app);
  const dataDir = app.ctx.config.sharedDir;

  const listed = async (name: string) => {
    const file = await listedBackup(dataDir, name);
    if (!file) throw new ApiError(404, 'database.notFound');
    return file;
  };
  const noneRunning = async () => {
    if (await activeDatabaseJob(app.ctx.db)) throw new ApiError(409, 'database.busy');
  };

  addRoute(app, {
    method: 'GET',
    url: '/database/index',
    permission: 'database',
    handler: async () => {
      const data: DatabaseIndex = {
        files: await listBackups(dataDir),
        schedule: await getBackupSchedule(app.ctx.db),
        schema_version: await currentSchemaVersion(),
        engine: app.ctx.database.kind,
      };
      return { data, count: data.files.length };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/database/download',
    permission: 'database',
    query: BackupDownloadQuery,
    handler: async ({ reply, auth, query }) => {
      requireSuper(auth);
      const file = await listed(query.name);
      const size = (await fs.stat(file)).size;
      // Streamed as it is on disk (a backup can be large); the reply is ours from here on.
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'application/gzip',
        'content-length': size,
        'content-disposition': `attachment; filename="${query.name}"`,
        'x-content-type-options': 'nosniff',
      });
      await pipeline(createReadStream(file), reply.raw).catch(() => reply.raw.destroy());
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/database/backup',
    permission: 'database',
    handler: async ({ auth }) => {
      requireSuper(auth);
      await noneRunning();
      const jobId = await app.ctx.jobs.enqueue(BACKUP_JOB, {}, { createdBy: auth.adminId });
      return { data: { job_id: jobId }, msg: 'database.backupStarted', logName: `#${jobId}` };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/database/restore',
    permission: 'database',
    body: RestoreBody,
    handler: async ({ req, auth, body }) => {
      requireSuper(auth);
      const [admin] = await app.ctx.db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, auth.adminId));
      if (!admin || !(await verifyPassword(admin.hash, body.password))) {
        await writeOptLog(app.ctx.db, auth, { operation: 'database.restoreDenied', contentType: 'database', contentName: body.name, content: body, ip: req.ip });
        throw forbidden('database.passwordWrong');
      }
      await listed(body.name);
      await noneRunning();
      const payload: RestorePayload = { name: body.name, admin_id: auth.adminId, admin_name: `${auth.nickname} (${auth.account})`, ip: req.ip };
      const jobId = await app.ctx.jobs.enqueue(RESTORE_JOB, payload, { createdBy: auth.adminId });
      return { data: { job_id: jobId }, msg: 'database.restoreStarted', logName: body.name };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/database/delete',
    permission: 'database',
    body: BackupNameBody,
    handler: async ({ auth, body }) => {
      requireSuper(auth);
      await removeBackup(await listed(body.name));
      return { msg: 'ok.deleted', logName: body.name };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/database/schedule',
    permission: 'database',
    body: BackupSchedule,
    handler: async ({ auth, body }) => {
      requireSuper(auth);
      await setBackupSchedule(app.ctx.db, body);
      return { data: body, msg: 'ok.saved', logName: `${body.interval_hours}h / ${body.retention}` };
    },
  });
}
