import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { manageableContent, manageableContents } from '../content/access';
import { appendAuditEvent } from './events';
import { flowInForce } from './flows';
import { checkContentWords } from './words';
import { contentChanged } from '../staticGen/job';
import { auditState, canApprove } from '../../../machines/audit.machine';
import type { AuditAction, SubmitAuditRefused, SubmitAuditResult } from '../../../models/audit';

// What editors and reviewers do: submit for review, approve, reject, approve in bulk; and the withdrawal an
// edit of content in review makes. The chart decides; these only build the event.

/** POST /content/submitAudit: checks prohibited words, then submits under the flow in force for the content's column. */
export async function submitForAudit(db: Db, auth: AuthContext, id: number): Promise<SubmitAuditResult & { title: string }> {
  const content = await manageableContent(db, auth, id);
  const { words } = await checkContentWords(db, content);
  const blocking = words.filter((w) => w.level === 2);
  if (blocking.length) {
    throw badRequest('audit.prohibitedWords', { words: blocking.map((w) => w.title).join('、') }, { words: blocking } satisfies SubmitAuditRefused);
  }
  const steps = await flowInForce(db, content.siteId, content.categoryId);
  const { snapshot } = await db.transaction((tx) => appendAuditEvent(tx, id, () => ({ type: 'audit.submit', by: auth.adminId, steps })));
  const state = auditState(snapshot);
  return {
    state,
    step: state === 'reviewing' ? snapshot.context.step + 1 : 0,
    warnings: words.filter((w) => w.level === 1),
    title: content.title,
  };
}

/** POST /content/audit: the caller approves, or rejects back to a step with a comment. */
export async function decideAudit(db: Db, auth: AuthContext, body: AuditAction) {
  const content = await manageableContent(db, auth, body.id);
  const outcome = await db.transaction((tx) =>
    appendAuditEvent(tx, body.id, () =>
      body.action === 'approve'
        ? { type: 'audit.approve', by: auth.adminId, comment: body.comment }
        : { type: 'audit.reject', by: auth.adminId, comment: body.comment, to_step: body.to_step },
    ),
  );
  const state = auditState(outcome.snapshot);
  contentChanged(db, body.id);
  return { state, step: state === 'reviewing' ? outcome.snapshot.context.step + 1 : 0, title: content.title };
}

/** POST /content/checkAll: approves each item the caller may approve now; the others are skipped. */
export async function approveAll(db: Db, auth: AuthContext, ids: number[]) {
  const rows = await manageableContents(db, auth, ids);
  const titles: string[] = [];
  for (const row of rows) {
    const { appended } = await db.transaction((tx) =>
      appendAuditEvent(tx, row.id, (snapshot) => (canApprove(snapshot, auth.adminId) ? { type: 'audit.approve', by: auth.adminId, comment: '' } : null)),
    );
    if (appended) titles.push(row.title);
    if (appended) contentChanged(db, row.id);
  }
  return { affected: titles.length, skipped: rows.length - titles.length, titles };
}

/** Editing content in review withdraws it (back to draft); run inside the edit's transaction. */
export async function withdrawIfInReview(tx: Tx, contentId: number, by: number) {
  await appendAuditEvent(tx, contentId, (snapshot) => (snapshot.matches('reviewing') ? { type: 'audit.withdraw', by } : null));
}
