import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { jobs, settings } from '../../db/schema/index';
import { claimScheduleSlot, registerJob, schedulePeriod, yieldToRequests, type JobContext } from '../../jobs/runner';
import { BackupCancelled, writeBackup } from './backup';
import { restoreBackup, RestoreCancelled } from './restore';
import { listedBackup, pruneBackups } from './files';
import { announceAllPluginsChanged } from '../plugins/changes';
import { BACKUP_JOB, BACKUP_NAME_PATTERN, BackupSchedule, DEFAULT_BACKUP_SCHEDULE, RESTORE_JOB, type BackupJobResult } from '../../../models/database';

// The backup and restore jobs, and the per-process schedule that enqueues backups (claimed once per firing in a
// cluster). Backup files live in the shared folder (config.sharedDir), so any server's job writes or restores them.

const apps = new WeakMap<Db, FastifyInstance>();

export const SCHEDULE_SETTING = 'database.backup_schedule';
/** How often the schedule looks whether a backup is due. */
const SCHEDULE_TICK_MS = 60_000;

export const RestorePayload = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN),
  admin_id: z.number().int(),
  admin_name: z.string(),
  ip: z.string(),
});
export type RestorePayload = z.infer<typeof RestorePayload>;

export async function getBackupSchedule(db: Db): Promise<BackupSchedule> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SCHEDULE_SETTING));
  const parsed = BackupSchedule.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_BACKUP_SCHEDULE;
}

export async function setBackupSchedule(db: Db, value: BackupSchedule) {
  await db
    .insert(settings)
    .values({ key: SCHEDULE_SETTING, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Progress of work inside one transaction. On PostgreSQL the job row is written through another pooled
 * connection; PGlite is one connection that the transaction holds, so a write would wait for it forever:
 * there the bar moves only before and after (requests queue behind the transaction anyway).
 */
function progressOf(app: FastifyInstance, ctx: JobContext) {
  return app.ctx.database.kind === 'postgres' ? ctx.progress : () => yieldToRequests();
}

async function runBackup(ctx: JobContext): Promise<Record<string, unknown>> {
  const app = apps.get(ctx.db)!;
  const started = Date.now();
  try {
    const out = await writeBackup(app.ctx.database, app.ctx.config.sharedDir, progressOf(app, ctx), ctx.cancelled);
    const schedule = await getBackupSchedule(ctx.db);
    if (ctx.payload.scheduled) await pruneBackups(app.ctx.config.sharedDir, schedule.retention);
    const result: BackupJobResult = {
      name: out.name,
      tables: out.manifest.tables.length,
      rows: out.manifest.tables.reduce((n, t) => n + t.rows, 0),
      bytes: out.bytes,
      ms: Date.now() - started,
    };
    return { ...result };
  } catch (err) {
    if (err instanceof BackupCancelled) return {};
    throw err;
  }
}

async function runRestore(ctx: JobContext): Promise<Record<string, unknown>> {
  const app = apps.get(ctx.db)!;
  const p = RestorePayload.parse(ctx.payload);
  const started = Date.now();
  const file = await listedBackup(app.ctx.config.sharedDir, p.name);
  if (!file) throw new Error('database.refused.missing');
  try {
    const { manifest, rows } = await restoreBackup(app.ctx.database, file, {
      progress: progressOf(app, ctx),
      cancelled: ctx.cancelled,
      log: { adminId: p.admin_id, adminName: p.admin_name, ip: p.ip },
      name: p.name,
    });
    // Everything cached was computed from the data that is gone.
    for (const cache of app.ctx.caches.values()) cache.clear();
    // Which plugins are installed and enabled came back too: every server reads them again (issue 17).
    await announceAllPluginsChanged(app.ctx, (msg) => app.log.warn(msg));
    const result: BackupJobResult = { name: p.name, tables: manifest.tables.length, rows, ms: Date.now() - started };
    return { ...result };
  } catch (err) {
    if (err instanceof RestoreCancelled) return {};
    throw err;
  }
}

registerJob(BACKUP_JOB, runBackup);
registerJob(RESTORE_JOB, runRestore);

/** A backup or restore already queued or running (one at a time). */
export async function activeDatabaseJob(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.kind, [BACKUP_JOB, RESTORE_JOB]), inArray(jobs.status, ['queued', 'running'])))
    .limit(1);
  return row?.id ?? null;
}

/** Enqueues a scheduled backup when the last one (of any origin) is older than the interval. */
export async function backupIfDue(app: FastifyInstance, now = Date.now()): Promise<number | null> {
  const db = app.ctx.db;
  const schedule = await getBackupSchedule(db);
  if (schedule.interval_hours <= 0 || (await activeDatabaseJob(db))) return null;
  const [last] = await db.select({ id: jobs.id, at: jobs.createdAt }).from(jobs).where(eq(jobs.kind, BACKUP_JOB)).orderBy(desc(jobs.createdAt)).limit(1);
  const periodMs = schedule.interval_hours * 3_600_000;
  if (last && now - last.at.getTime() < periodMs) return null;
  // Issue 17: every server's timer gets here; only the one that claims this firing (after this last backup, in
  // this period) enqueues it.
  if (!(await claimScheduleSlot(db, BACKUP_JOB, `${last?.id ?? 0}@${schedulePeriod(now, periodMs)}`))) return null;
  return app.ctx.jobs.enqueue(BACKUP_JOB, { scheduled: true });
}

/** Wires the jobs to the app and starts the schedule's timer (unref'd, stopped when the app closes). */
export function attachDatabaseJobs(app: FastifyInstance) {
  apps.set(app.ctx.db, app);
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    backupIfDue(app)
      .catch((err: unknown) => app.log.error({ err }, 'scheduled backup'))
      .finally(() => (busy = false));
  }, SCHEDULE_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
