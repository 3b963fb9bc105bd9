import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { categories, contents } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { iso, likeText, offsetOf } from '../../db/listing';
import { manageableCategory } from '../content/access';
import { columnSubtree } from '../content/listing';
import { adminNames } from './detail';
import type { AuditMode, CheckListItem, CheckListQuery } from '../../../models/audit';

// GET /content/checkList: a site's content in review, longest waiting first. "mine" is what the caller may
// approve now: the projection's pending reviewers of the current step are exactly those the chart lets approve.

export async function listInReview(db: Executor, auth: AuthContext, siteId: number, q: CheckListQuery) {
  let inColumns;
  if (q.category_id !== undefined) {
    const column = await manageableCategory(db, auth, q.category_id);
    inColumns = column.siteId === siteId ? inArray(contents.categoryId, await columnSubtree(db, column.id, siteId)) : eq(contents.id, -1);
  }
  const pendingFor = sql`${contents.auditPending} @> ${JSON.stringify([auth.adminId])}::jsonb`;
  const where = and(
    eq(contents.siteId, siteId),
    isNull(contents.deletedAt),
    eq(contents.checkStatus, 'reviewing'),
    q.scope === 'mine' ? pendingFor : undefined,
    inColumns,
    q.step === undefined ? undefined : eq(contents.auditStep, q.step),
    q.submitter === undefined ? undefined : eq(contents.auditSubmitter, q.submitter),
    q.keyword ? ilike(contents.title, likeText(q.keyword)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(contents).where(where);
  const rows = await db
    .select({
      id: contents.id,
      title: contents.title,
      categoryId: contents.categoryId,
      categoryTitle: categories.title,
      submitter: contents.auditSubmitter,
      step: contents.auditStep,
      steps: contents.auditSteps,
      mode: contents.auditMode,
      pending: contents.auditPending,
      submittedAt: contents.submittedAt,
    })
    .from(contents)
    .leftJoin(categories, eq(categories.id, contents.categoryId))
    .where(where)
    .orderBy(asc(contents.submittedAt), asc(contents.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  const names = await adminNames(db, rows.map((r) => r.submitter ?? 0));
  const items: CheckListItem[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    category_id: r.categoryId,
    category_title: r.categoryTitle ?? '',
    submitter: r.submitter ?? 0,
    submitter_name: names.get(r.submitter ?? 0) ?? '',
    step: r.step,
    steps: r.steps,
    mode: r.mode as AuditMode,
    mine: r.pending.includes(auth.adminId),
    submitted_at: iso(r.submittedAt) ?? '',
  }));
  return { rows: items, count: Number(total?.n ?? 0) };
}
