import { z } from 'zod';

// Database backup and restore (/Database/index, issue 13): file names, the list, the schedule.

/** banyan-YYYYMMDD-HHmmss-<6 random>.tar.gz: the only names the server accepts. */
export const BACKUP_NAME_PATTERN = /^banyan-\d{8}-\d{6}-[a-z0-9]{6}\.tar\.gz$/;
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_PRODUCT = 'banyan';
/** Rows read per query while backing up, and inserted per statement while restoring. */
export const BACKUP_CHUNK_ROWS = 500;
export const BACKUP_INTERVAL_MAX_HOURS = 24 * 30;
export const BACKUP_RETENTION_MAX = 100;
export const BACKUP_RETENTION_DEFAULT = 7;

export const BACKUP_JOB = 'backup';
export const RESTORE_JOB = 'restore';

/** A backup's name, as listed: never a path. */
export const BackupName = z.string().regex(BACKUP_NAME_PATTERN, 'database.nameInvalid');
export const BackupNameBody = z.object({ name: BackupName });
export const BackupDownloadQuery = z.object({ name: BackupName });
export const RestoreBody = z.object({ name: BackupName, password: z.string().min(1, 'validation.required').max(200) });
export type RestoreBody = z.infer<typeof RestoreBody>;

/** Scheduled backups: every interval hours (0 = off), keeping the newest `retention` files. */
export const BackupSchedule = z.object({
  interval_hours: z.number().int().min(0).max(BACKUP_INTERVAL_MAX_HOURS),
  retention: z.number().int().min(1).max(BACKUP_RETENTION_MAX),
});
export type BackupSchedule = z.infer<typeof BackupSchedule>;
export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { interval_hours: 0, retention: BACKUP_RETENTION_DEFAULT };

/** One part of a backup in its manifest. */
export interface BackupTablePart {
  name: string;
  columns: string[];
  rows: number;
  sha256: string;
  bytes: number;
}

/** manifest.json, the last entry of a backup archive. */
export const BackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT_VERSION),
  product: z.literal(BACKUP_PRODUCT),
  schema_version: z.string().min(1),
  created_at: z.string(),
  engine: z.string(),
  tables: z
    .array(
      z.object({
        name: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/),
        columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/)).min(1),
        rows: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        bytes: z.number().int().min(0),
      }),
    )
    .min(1),
  content_sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

/** GET /database/index → data.files[]: one backup file. Manifest facts are null when unknown. */
export interface BackupFile {
  name: string;
  size: number;
  created_at: string;
  tables: number | null;
  rows: number | null;
  schema_version: string | null;
}

/** GET /database/index → data. */
export interface DatabaseIndex {
  files: BackupFile[];
  schedule: BackupSchedule;
  schema_version: string;
  engine: string;
}

/** The result a finished backup or restore job stores. */
export interface BackupJobResult {
  name: string;
  tables: number;
  rows: number;
  bytes?: number;
  ms: number;
}
