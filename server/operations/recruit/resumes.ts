import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { and, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { positions, resumes } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { dateRange, iso, likeText } from '../../db/listing';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { translate } from '../../i18n/messages';
import { tableResource } from '../../resources/table';
import { canManageSite } from '../sites';
import { SubmissionLimiter } from '../inquiries';
import { rateCountersOf } from '../../services/rateCounters';
import { getUploadSettings } from '../systemSettings';
import { ingestFile } from '../attachments/ingest';
import { displayName } from '../attachments/formats';
import type { UploadRequest } from '../attachments/multipart';
import { resumeResource } from '../../../models/resources/recruit';
import { ATTACHMENT_TYPE } from '../../../models/attachment';
import type { Language } from '../../../models/language';
import {
  RESUME_EMAIL, RESUME_FIELDS, RESUME_HONEYPOT, RESUME_MAX, RESUME_PHONE, RESUME_RATE, RESUME_STATUS, neutraliseCell, type Resume, type ResumeField, type ResumeValues,
} from '../../../models/position';
import type { z } from 'zod';
import type { ResumeListQuery } from '../../../models/position';

// Resumes (/resume/index): the list and filters, status marks, export, and storing one from the public apply
// form or the admin's /resume/save. An attached file goes through the attachment checks (format and size of
// "other file" uploads in the upload settings, contents sniffed) and becomes an attachment of the site.

type ResumeRow = typeof resumes.$inferSelect;

export const toResume = (r: ResumeRow): Resume => ({
  id: r.id,
  site_id: r.siteId,
  position_id: r.positionId,
  position_title: r.positionTitle,
  name: r.name,
  phone: r.phone,
  email: r.email,
  message: r.message,
  file_name: r.fileName,
  file_url: r.fileUrl,
  status: r.status,
  notes: r.notes,
  source: r.source,
  ip: r.ip,
  delivered_at: iso(r.deliveredAt)!,
});

export function resumeWhere(q: Omit<z.infer<typeof ResumeListQuery>, 'page' | 'limit'>): Array<SQL | undefined> {
  return [
    q.name ? ilike(resumes.name, likeText(q.name)) : undefined,
    q.position_id !== undefined ? eq(resumes.positionId, q.position_id) : undefined,
    q.status !== undefined ? eq(resumes.status, q.status) : undefined,
    dateRange(resumes.deliveredAt, q.start, q.end),
  ];
}

export const resumeServerResource = tableResource({
  def: resumeResource,
  table: resumes,
  columns: { id: resumes.id, siteId: resumes.siteId, deletedAt: resumes.deletedAt, deletedBy: resumes.deletedBy },
  title: resumes.name,
  toApi: toResume,
  toValues: () => ({}),
  where: resumeWhere,
  orderBy: [desc(resumes.deliveredAt), desc(resumes.id)],
});

/** Sets the status (and notes, when given) of live resumes: all or none; other sites' ids 403, unknown 404. */
export async function setResumeStatus(db: Executor, auth: Pick<AuthContext, 'siteIds'>, ids: number[], status: number, notes?: string): Promise<string[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: resumes.id, siteId: resumes.siteId, name: resumes.name })
    .from(resumes)
    .where(and(inArray(resumes.id, unique), isNull(resumes.deletedAt)));
  if (rows.length !== unique.length) throw notFound();
  if (rows.some((r) => !canManageSite(auth, r.siteId))) throw forbidden('error.siteForbidden');
  await db
    .update(resumes)
    .set(notes === undefined ? { status } : { status, notes })
    .where(inArray(resumes.id, unique));
  return rows.map((r) => r.name);
}

// The public apply form.

export function applicationValues(body: unknown): { values: ResumeValues; honeypot: boolean } {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const str = (v: unknown) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : '');
  const values = Object.fromEntries(RESUME_FIELDS.map((f) => [f, str(raw[f])])) as ResumeValues;
  return { values, honeypot: str(raw[RESUME_HONEYPOT]) !== '' };
}

/** Field → message in the site's language; empty when the application may be stored. */
export function checkApplication(values: ResumeValues, lang: Language): Partial<Record<ResumeField | 'file', string>> {
  const errors: Partial<Record<ResumeField | 'file', string>> = {};
  if (!values.name) errors.name = translate(lang, 'recruit.nameRequired');
  if (values.email && !RESUME_EMAIL.test(values.email)) errors.email = translate(lang, 'recruit.emailInvalid');
  if (values.phone && !RESUME_PHONE.test(values.phone)) errors.phone = translate(lang, 'recruit.phoneInvalid');
  if (!values.phone && !values.email) {
    errors.phone = translate(lang, 'recruit.contactRequired');
    errors.email = translate(lang, 'recruit.contactRequired');
  }
  for (const f of RESUME_FIELDS) {
    if ([...values[f]].length > RESUME_MAX[f]) errors[f] = translate(lang, 'recruit.tooLong', { max: RESUME_MAX[f] });
  }
  return errors;
}

export interface StoredFile {
  id: number;
  name: string;
  url: string;
}

/**
 * Stores a resume's file as an attachment of the site, checked as an "other file" upload (formats and size from
 * the upload settings, contents sniffed). A refused file throws the attachment check's 413/415 error.
 */
export async function storeResumeFile(app: FastifyInstance, file: NonNullable<UploadRequest['file']>, target: { siteId: number; adminId: number | null }): Promise<StoredFile> {
  const settings = await getUploadSettings(app.ctx.db);
  if (file.size > settings.file.max_kb * 1024) throw new ApiError(413, 'recruit.fileTooLarge', { max: Math.max(1, Math.floor(settings.file.max_kb / 1024)) });
  return (await ingestFile(
    app,
    { file: file.file, name: displayName(file.filename), size: file.size, sha256: file.sha256 },
    { siteId: target.siteId, adminId: target.adminId, cateId: 0, type: ATTACHMENT_TYPE.file, reduceImg: false, settings },
  )) as StoredFile;
}

/** The message of a refused file, for the apply form's file field. */
export function fileRefusal(err: unknown, lang: Language): string | null {
  return err instanceof ApiError ? translate(lang, 'recruit.fileRefused', { reason: translate(lang, err.key, err.params) }) : null;
}

export interface ResumeMeta {
  siteId: number;
  positionId: number;
  positionTitle: string;
  source: 'site' | 'admin';
  ip: string;
  file?: StoredFile | null;
  notes?: string;
  deliveredAt?: Date;
}

export async function storeResume(db: Executor, values: ResumeValues, meta: ResumeMeta): Promise<number> {
  const [row] = await db
    .insert(resumes)
    .values({
      siteId: meta.siteId,
      positionId: meta.positionId,
      positionTitle: meta.positionTitle,
      ...values,
      fileName: meta.file?.name ?? '',
      fileUrl: meta.file?.url ?? '',
      attachmentId: meta.file?.id ?? null,
      status: RESUME_STATUS.new,
      notes: meta.notes ?? '',
      source: meta.source,
      ip: meta.ip.replace(/^::ffff:/, '').slice(0, 64),
      ...(meta.deliveredAt ? { deliveredAt: meta.deliveredAt } : {}),
    })
    .returning({ id: resumes.id });
  return row!.id;
}

/** A live position of the site (for an application or a resume added by hand). */
export async function positionOfSite(db: Executor, siteId: number, id: number) {
  const [row] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), eq(positions.siteId, siteId), isNull(positions.deletedAt)));
  return row;
}

const limiters = new WeakMap<object, SubmissionLimiter>();
/** Applications per IP address and window (one counter per app). */
export function applicationLimiter(app: FastifyInstance): SubmissionLimiter {
  let l = limiters.get(app.ctx);
  if (!l) {
    const counters = rateCountersOf(app.ctx.database);
    l = new SubmissionLimiter(RESUME_RATE.max, RESUME_RATE.windowMs, counters && { counters, name: 'application' });
    limiters.set(app.ctx, l);
  }
  return l;
}

// Export.

const HEADERS: Record<Language, string[]> = {
  zh: ['编号', '姓名', '应聘职位', '电话', '邮箱', '留言', '附件', '附件地址', '状态', '备注', '来源', '投递时间'],
  en: ['ID', 'Name', 'Position', 'Phone', 'Email', 'Message', 'File', 'File URL', 'Status', 'Notes', 'Source', 'Delivered at'],
};
const STATUS_NAMES: Record<Language, string[]> = {
  zh: ['新简历', '已查看', '面试', '已录用', '不合适'],
  en: ['New', 'Viewed', 'Interview', 'Hired', 'Rejected'],
};
const SOURCE_NAMES: Record<Language, Record<string, string>> = { zh: { site: '网站投递', admin: '后台添加' }, en: { site: 'Website', admin: 'Added by hand' } };

function table(rows: Resume[], lang: Language): string[][] {
  return [
    HEADERS[lang],
    ...rows.map((r) =>
      [
        String(r.id), r.name, r.position_title, r.phone, r.email, r.message, r.file_name, r.file_url, STATUS_NAMES[lang][r.status] ?? String(r.status), r.notes,
        SOURCE_NAMES[lang][r.source] ?? r.source, r.delivered_at,
      ].map(neutraliseCell),
    ),
  ];
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** CSV with a UTF-8 BOM (Chinese Excel). */
export function resumesCsv(rows: Resume[], lang: Language): Buffer {
  return Buffer.from('\uFEFF' + table(rows, lang).map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n', 'utf8');
}

export async function resumesXlsx(rows: Resume[], lang: Language): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(lang === 'zh' ? '简历' : 'Resumes');
  // Every cell is a string, so nothing is read back as a formula.
  for (const r of table(rows, lang)) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Most rows one export writes. */
export const RESUME_EXPORT_MAX = 10_000;

export async function resumesForExport(db: Executor, siteId: number, q: Omit<z.infer<typeof ResumeListQuery>, 'page' | 'limit'>): Promise<Resume[]> {
  const rows = await db
    .select()
    .from(resumes)
    .where(and(eq(resumes.siteId, siteId), isNull(resumes.deletedAt), ...resumeWhere(q)))
    .orderBy(desc(resumes.deliveredAt), desc(resumes.id))
    .limit(RESUME_EXPORT_MAX);
  return rows.map(toResume);
}
