import { and, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { forms, formSubmissions } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { iso, likeText, offsetOf } from '../../db/listing';
import { canManageSite, currentSiteId } from '../sites';
import { defineServerResource } from '../../resources/register';
import { formResource } from '../../../models/resources/forms';
import { FormDesign, emptyFormDesign } from '../../../models/formRules';
import type { Form, FormCreate, FormStatus, FormUpdate, FormWithDesign } from '../../../models/form';

// Forms (/Form/index): the list, add/edit (code unique per site), delete, the design the designer loads
// and saves (GET /form/design, POST /form/saveDesign), publish/unpublish and uninstall (clears its data).

export type FormRow = typeof forms.$inferSelect;

export function toForm(r: FormRow): Form {
  return {
    id: r.id,
    site_id: r.siteId,
    name: r.name,
    code: r.code,
    type: r.type as Form['type'],
    status: r.status as Form['status'],
    description: r.description,
    creates_inquiry: r.createsInquiry,
    submission_count: r.submissionCount,
    created_at: iso(r.createdAt)!,
    updated_at: iso(r.updatedAt)!,
  };
}

/** A stored design as the rules engine reads it (a design that no longer parses reads as empty). */
export function designOf(r: Pick<FormRow, 'design'>): FormDesign {
  const parsed = FormDesign.safeParse(r.design);
  return parsed.success ? parsed.data : emptyFormDesign();
}

export function toFormWithDesign(r: FormRow): FormWithDesign {
  return { ...toForm(r), design: designOf(r) };
}

/** Loads one form, refusing forms of sites the admin does not manage (403) and unknown ids (404). */
export async function loadForm(db: Executor, auth: Pick<AuthContext, 'siteIds'>, id: number): Promise<FormRow> {
  const [row] = await db.select().from(forms).where(eq(forms.id, id));
  if (!row) throw notFound();
  if (!canManageSite(auth, row.siteId)) throw forbidden('error.siteForbidden');
  return row;
}

async function ensureCodeFree(db: Executor, siteId: number, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.siteId, siteId), eq(forms.code, code), exceptId ? ne(forms.id, exceptId) : undefined));
  if (taken) throw conflict('form.codeTaken', { code });
}

/** The code a form gets when none is typed: 'form-' and 8 random letters/digits. */
const generatedCode = () => `form-${randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8) || 'x'}`;

export const formServerResource = defineServerResource({
  def: formResource,
  async list(ctx, q) {
    const siteId = currentSiteId(ctx.req, ctx.auth);
    const where = and(
      eq(forms.siteId, siteId),
      q.name ? ilike(forms.name, likeText(q.name)) : undefined,
      q.type ? eq(forms.type, q.type) : undefined,
      q.status ? eq(forms.status, q.status) : undefined,
    );
    const db = ctx.app.ctx.db;
    const [total] = await db.select({ n: count() }).from(forms).where(where);
    const rows = await db.select().from(forms).where(where).orderBy(desc(forms.id)).limit(q.limit).offset(offsetOf(q.page, q.limit));
    return { rows: rows.map(toForm), count: Number(total?.n ?? 0) };
  },
  async read(ctx, id) {
    return toForm(await loadForm(ctx.app.ctx.db, ctx.auth, id));
  },
  async create(ctx, body: FormCreate) {
    const siteId = currentSiteId(ctx.req, ctx.auth);
    const db = ctx.app.ctx.db;
    const code = body.code || generatedCode();
    await ensureCodeFree(db, siteId, code);
    const [row] = await db
      .insert(forms)
      .values({ siteId, name: body.name, code, type: body.type, description: body.description, createsInquiry: body.creates_inquiry, design: emptyFormDesign() })
      .returning();
    return { id: row!.id, name: row!.name };
  },
  async update(ctx, body: FormUpdate) {
    const db = ctx.app.ctx.db;
    const current = await loadForm(db, ctx.auth, body.id);
    const code = body.code || current.code;
    await ensureCodeFree(db, current.siteId, code, current.id);
    await db
      .update(forms)
      .set({ name: body.name, code, type: body.type, description: body.description, createsInquiry: body.creates_inquiry, updatedAt: new Date() })
      .where(eq(forms.id, current.id));
    return { name: body.name };
  },
  async remove(ctx, ids) {
    const db = ctx.app.ctx.db;
    const unique = [...new Set(ids)];
    const rows = await db.select().from(forms).where(inArray(forms.id, unique));
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((r) => !canManageSite(ctx.auth, r.siteId))) throw forbidden('error.siteForbidden');
    await db.transaction(async (tx) => {
      await tx.delete(formSubmissions).where(inArray(formSubmissions.formId, unique));
      await tx.delete(forms).where(inArray(forms.id, unique));
    });
    return { names: rows.map((r) => r.name) };
  },
});

export async function saveDesign(db: Executor, auth: Pick<AuthContext, 'siteIds'>, id: number, design: FormDesign): Promise<string> {
  const row = await loadForm(db, auth, id);
  await db.update(forms).set({ design, updatedAt: new Date() }).where(eq(forms.id, row.id));
  return row.name;
}

export async function setFormStatus(db: Executor, auth: Pick<AuthContext, 'siteIds'>, id: number, status: FormStatus): Promise<string> {
  const row = await loadForm(db, auth, id);
  if (status === 'published' && !designOf(row).rules.length) throw badRequest('form.emptyDesign');
  await db.update(forms).set({ status, updatedAt: new Date() }).where(eq(forms.id, row.id));
  return row.name;
}

/** Uninstall: unpublishes the form and clears every submission it collected; answers the name and how many went. */
export async function uninstallForm(db: Executor, auth: Pick<AuthContext, 'siteIds'>, id: number): Promise<{ name: string; cleared: number }> {
  const row = await loadForm(db, auth, id);
  const cleared = await db.transaction(async (tx) => {
    const gone = await tx.delete(formSubmissions).where(eq(formSubmissions.formId, row.id)).returning({ id: formSubmissions.id });
    await tx.update(forms).set({ status: 'unpublished', submissionCount: 0, updatedAt: new Date() }).where(eq(forms.id, row.id));
    return gone.length;
  });
  return { name: row.name, cleared };
}

/** Adds one to a form's submission count (or takes some away). */
export async function bumpSubmissionCount(db: Executor, formId: number, by: number) {
  await db
    .update(forms)
    .set({ submissionCount: sql`greatest(${forms.submissionCount} + ${by}, 0)` })
    .where(eq(forms.id, formId));
}
