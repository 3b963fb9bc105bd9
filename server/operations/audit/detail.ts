import { eq, inArray } from 'drizzle-orm';
import { admins, categories } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { iso } from '../../db/listing';
import { manageableContent } from '../content/access';
import { auditSnapshotOf, eventRowsOf, type AuditEventRow } from './events';
import { flowInForce } from './flows';
import { checkContentWords } from './words';
import { auditState, canApprove, canReject, type AuditSnapshot } from '../../../machines/audit.machine';
import type { AuditDetail, AuditStep, AuditStepView, AuditTrailEntry } from '../../../models/audit';

// The audit page (content read-only with prohibited words marked, the steps with each reviewer's decision
// in the current round, what the caller may do) and the content's audit trail.

/** Nickname (or account) of each admin id; deleted admins are missing. */
export async function adminNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: admins.id, nickname: admins.nickname, account: admins.account }).from(admins).where(inArray(admins.id, unique));
  return new Map(rows.map((r) => [r.id, r.nickname || r.account]));
}

function toTrail(rows: AuditEventRow[], names: Map<number, string>): AuditTrailEntry[] {
  return rows.map((r) => ({
    id: r.id,
    type: r.type as AuditTrailEntry['type'],
    by: r.by,
    by_name: names.get(r.by) ?? '',
    step: r.step,
    to_step: r.toStep,
    comment: r.comment,
    created_at: iso(r.createdAt)!,
  }));
}

/** The steps as the page shows them: each reviewer's latest decision on that step in the current round. */
function stepViews(snapshot: AuditSnapshot, steps: AuditStep[], names: Map<number, string>): AuditStepView[] {
  const c = snapshot.context;
  const state = auditState(snapshot);
  return steps.map((step, index) => ({
    mode: step.mode,
    reviewers: step.reviewers.map((id) => {
      const decision = c.decisions.findLast((d) => d.step === index && d.by === id);
      return { id, name: names.get(id) ?? '', decision: decision?.decision ?? 'pending', comment: decision?.comment ?? '' };
    }),
    passed: state === 'published' || ((state === 'reviewing' || state === 'rejected') && index < c.step),
    current: state === 'reviewing' && index === c.step,
  }));
}

/** GET /content/auditDetail: before any submission the steps shown are those in force for the column. */
export async function auditDetail(db: Executor, auth: AuthContext, id: number): Promise<AuditDetail> {
  const content = await manageableContent(db, auth, id);
  const { rows, snapshot } = await auditSnapshotOf(db, id);
  const submitted = rows.some((r) => r.type === 'audit.submit');
  const steps = submitted ? snapshot.context.steps : await flowInForce(db, content.siteId, content.categoryId);
  const names = await adminNames(db, [...rows.map((r) => r.by), ...steps.flatMap((s) => s.reviewers), snapshot.context.submitter]);
  const [category] = await db.select({ title: categories.title }).from(categories).where(eq(categories.id, content.categoryId));
  const { markedBody, words } = await checkContentWords(db, content);
  const state = auditState(snapshot);
  return {
    id: content.id,
    title: content.title,
    category_id: content.categoryId,
    category_title: category?.title ?? '',
    author: content.author,
    submitter_name: names.get(snapshot.context.submitter) ?? '',
    marked_body: markedBody,
    words,
    state,
    step: state === 'reviewing' ? snapshot.context.step + 1 : 0,
    steps: stepViews(snapshot, steps, names),
    can_approve: canApprove(snapshot, auth.adminId),
    can_reject: canReject(snapshot, auth.adminId),
    trail: toTrail(rows, names),
  };
}

/** GET /content/auditTrail: every audit event of the content, oldest first. */
export async function auditTrail(db: Executor, auth: AuthContext, id: number): Promise<AuditTrailEntry[]> {
  await manageableContent(db, auth, id);
  const rows = await eventRowsOf(db, id);
  return toTrail(rows, await adminNames(db, rows.map((r) => r.by)));
}
