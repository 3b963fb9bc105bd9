import ExcelJS from 'exceljs';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { forms, formSubmissions } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { dateRange, iso, likeText, offsetOf } from '../../db/listing';
import { canManageSite } from '../sites';
import { bumpSubmissionCount, designOf, loadForm, type FormRow } from './forms';
import { formFields, optionsOf, RATE_COUNT_DEFAULT, STATISTIC_TYPES, type FormRule } from '../../../models/formRules';
export { displayValue };
import { displayValue, neutraliseCell, FORM_EXPORT_MAX, type FormStatistics, type FormSubmission, type SubmissionListQuery } from '../../../models/form';
import type { Language } from '../../../models/language';

// A form's submissions (/form/detail): the list with its date range and keyword, one in full, delete,
// the export (xlsx or CSV, formula-like cells neutralised) and a questionnaire's per-option counts.

type SubmissionRow = typeof formSubmissions.$inferSelect;

export function toSubmission(r: SubmissionRow): FormSubmission {
  return {
    id: r.id,
    form_id: r.formId,
    values: (r.values ?? {}) as Record<string, unknown>,
    ip: r.ip,
    region: r.region,
    user_agent: r.userAgent,
    page: r.page,
    inquiry_id: r.inquiryId,
    created_at: iso(r.createdAt)!,
  };
}

type Filter = Pick<SubmissionListQuery, 'start' | 'end' | 'keyword'>;
function whereOf(formId: number, q: Filter): SQL | undefined {
  return and(
    eq(formSubmissions.formId, formId),
    dateRange(formSubmissions.createdAt, q.start, q.end),
    q.keyword ? ilike(sql`${formSubmissions.values}::text`, likeText(q.keyword)) : undefined,
  );
}

export async function listSubmissions(db: Executor, auth: Pick<AuthContext, 'siteIds'>, q: SubmissionListQuery) {
  const form = await loadForm(db, auth, q.id);
  const where = whereOf(form.id, q);
  const [total] = await db.select({ n: count() }).from(formSubmissions).where(where);
  const rows = await db.select().from(formSubmissions).where(where).orderBy(desc(formSubmissions.id)).limit(q.limit).offset(offsetOf(q.page, q.limit));
  return { form, rows: rows.map(toSubmission), count: Number(total?.n ?? 0) };
}

async function loadSubmissions(db: Executor, auth: Pick<AuthContext, 'siteIds'>, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ submission: formSubmissions, siteId: forms.siteId, formName: forms.name })
    .from(formSubmissions)
    .innerJoin(forms, eq(forms.id, formSubmissions.formId))
    .where(inArray(formSubmissions.id, unique));
  if (rows.length !== unique.length) throw notFound();
  if (rows.some((r) => !canManageSite(auth, r.siteId))) throw forbidden('error.siteForbidden');
  return rows;
}

export async function readSubmission(db: Executor, auth: Pick<AuthContext, 'siteIds'>, id: number) {
  const [row] = await loadSubmissions(db, auth, [id]);
  return toSubmission(row!.submission);
}

export async function deleteSubmissions(db: Executor, auth: Pick<AuthContext, 'siteIds'>, ids: number[]): Promise<string> {
  const rows = await loadSubmissions(db, auth, ids);
  await db.transaction(async (tx) => {
    await tx.delete(formSubmissions).where(inArray(formSubmissions.id, rows.map((r) => r.submission.id)));
    const perForm = new Map<number, number>();
    for (const r of rows) perForm.set(r.submission.formId, (perForm.get(r.submission.formId) ?? 0) + 1);
    for (const [formId, n] of perForm) await bumpSubmissionCount(tx, formId, -n);
  });
  return [...new Set(rows.map((r) => r.formName))].join(', ');
}

// ---------------------------------------------------------------- display, export

async function exportTable(db: Executor, form: FormRow, q: Filter, lang: Language): Promise<string[][]> {
  const fields = formFields(designOf(form).rules);
  const rows = await db.select().from(formSubmissions).where(whereOf(form.id, q)).orderBy(desc(formSubmissions.id)).limit(FORM_EXPORT_MAX);
  const zh = lang === 'zh';
  const header = [zh ? '编号' : 'ID', zh ? '提交时间' : 'Submitted at', ...fields.map((f) => f.title || f.field), 'IP', zh ? '地区' : 'Region', zh ? '来源页面' : 'Page'];
  const body = rows.map((r) => {
    const values = (r.values ?? {}) as Record<string, unknown>;
    return [String(r.id), iso(r.createdAt)!, ...fields.map((f) => displayValue(f, values[f.field], lang)), r.ip, r.region, r.page];
  });
  return [header, ...body].map((line) => line.map(neutraliseCell));
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export async function exportSubmissions(db: Executor, auth: Pick<AuthContext, 'siteIds'>, q: Filter & { id: number; format: 'xlsx' | 'csv' }, lang: Language) {
  const form = await loadForm(db, auth, q.id);
  const table = await exportTable(db, form, q, lang);
  const name = `form-${form.code}-${new Date().toISOString().slice(0, 10)}.${q.format}`;
  if (q.format === 'csv') {
    const text = table.map((r) => r.map(csvCell).join(',')).join('\r\n');
    return { form, name, contentType: 'text/csv; charset=utf-8', body: Buffer.from('\uFEFF' + text + '\r\n', 'utf8') };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(form.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Form');
  // Every cell is written as a string, so nothing is read back as a formula or a number.
  for (const r of table) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return { form, name, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Buffer.from(await book.xlsx.writeBuffer()) };
}

// ---------------------------------------------------------------- statistics

/** The options a statistics field counts: its own, or 1..count stars for a rate. */
function countedOptions(rule: FormRule): { label: string; value: string | number }[] {
  if (rule.type !== 'rate') return optionsOf(rule).map((o) => ({ label: o.label, value: o.value }));
  const c = Number(rule.props?.count);
  const n = Number.isInteger(c) && c >= 1 ? c : RATE_COUNT_DEFAULT;
  return Array.from({ length: n }, (_, i) => ({ label: String(i + 1), value: i + 1 }));
}

/** Per radio/checkbox/select/rate field, how many submissions picked each option (counted in the database). */
export async function formStatistics(db: Executor, auth: Pick<AuthContext, 'siteIds'>, id: number): Promise<FormStatistics> {
  const form = await loadForm(db, auth, id);
  const [total] = await db.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.formId, form.id));
  const fields = formFields(designOf(form).rules).filter((r) => STATISTIC_TYPES.includes(r.type));
  const out: FormStatistics = { total: Number(total?.n ?? 0), fields: [] };
  for (const rule of fields) {
    const value = sql`${formSubmissions.values} -> ${rule.field}`;
    const items =
      rule.type === 'checkbox' || (rule.type === 'select' && rule.props?.multiple === true)
        ? sql`jsonb_array_elements_text(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`
        : sql`(select ${value} #>> '{}' where ${value} is not null)`;
    const counted = await db.execute<{ v: string | null; n: string | number }>(
      sql`select item.v as v, count(*) as n from ${formSubmissions}, lateral ${items} as item(v) where ${formSubmissions.formId} = ${form.id} group by item.v`,
    );
    const answeredRows = await db.execute<{ n: string | number }>(
      sql`select count(*) as n from ${formSubmissions} where ${formSubmissions.formId} = ${form.id} and ${formSubmissions.values} ? ${rule.field}`,
    );
    const byValue = new Map<string, number>();
    for (const r of rowsOf<{ v: string | null; n: string | number }>(counted)) if (r.v !== null) byValue.set(String(r.v), Number(r.n));
    out.fields.push({
      field: rule.field,
      title: rule.title,
      type: rule.type,
      answered: Number(rowsOf<{ n: string | number }>(answeredRows)[0]?.n ?? 0),
      options: countedOptions(rule).map((o) => ({ ...o, count: byValue.get(String(o.value)) ?? 0 })),
    });
  }
  return out;
}

/** Rows of a raw query on either driver (PGlite answers { rows }, node-postgres too). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (((result as { rows?: T[] }).rows ?? []) as T[]);
}
