import { asc, eq, sql } from 'drizzle-orm';
import { auditEvents, contents } from '../../db/schema/index';
import type { Executor, Tx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { auditRefusal, auditState, replayAudit, type AuditSnapshot } from '../../../machines/audit.machine';
import type { AuditEvent, AuditState } from '../../../models/audit';
import { CONTENT_PUBLISHED } from '../../../models/content';

// The audit event log and the projection on `contents`. Appending an event locks the content row, replays
// every stored event through the audit chart (machines/audit.machine.ts), refuses (409) what the chart refuses,
// stores the event and writes the projection derived by replaying all events again, in one transaction.

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** A stored event as the chart takes it. */
export function toAuditEvent(row: AuditEventRow): AuditEvent {
  switch (row.type) {
    case 'audit.submit':
      return { type: 'audit.submit', by: row.by, steps: row.steps ?? [] };
    case 'audit.approve':
      return { type: 'audit.approve', by: row.by, comment: row.comment };
    case 'audit.reject':
      return { type: 'audit.reject', by: row.by, comment: row.comment, to_step: row.toStep ?? 1 };
    default:
      return { type: 'audit.withdraw', by: row.by };
  }
}

export async function eventRowsOf(db: Executor, contentId: number): Promise<AuditEventRow[]> {
  return db.select().from(auditEvents).where(eq(auditEvents.contentId, contentId)).orderBy(asc(auditEvents.id));
}

/** The content's audit state now, replayed from its events. */
export async function auditSnapshotOf(db: Executor, contentId: number): Promise<{ rows: AuditEventRow[]; snapshot: AuditSnapshot }> {
  const rows = await eventRowsOf(db, contentId);
  return { rows, snapshot: replayAudit(rows.map(toAuditEvent)) };
}

/** The projection columns of a content item whose events replay to `snapshot`. */
export function projectionOf(snapshot: AuditSnapshot, rows: AuditEventRow[]) {
  const c = snapshot.context;
  const state: AuditState = auditState(snapshot);
  const reviewing = state === 'reviewing';
  const step = c.steps[c.step];
  const lastSubmit = rows.findLast((r) => r.type === 'audit.submit');
  return {
    checkStatus: state,
    auditStep: reviewing ? c.step + 1 : 0,
    auditSteps: c.steps.length,
    auditMode: reviewing && step ? step.mode : '',
    /** Exactly the admins the chart lets approve now. */
    auditPending: reviewing && step ? step.reviewers.filter((r) => !c.approvals.includes(r)) : [],
    auditSubmitter: c.submitter || null,
    submittedAt: lastSubmit?.createdAt ?? null,
  };
}

/** The 1-based step an event is recorded against (see AuditTrailEntry.step). */
function stepOf(event: AuditEvent, before: AuditSnapshot, after: AuditSnapshot): number {
  if (event.type === 'audit.submit') return after.matches('reviewing') ? after.context.step + 1 : 0;
  return before.context.step + 1;
}

export interface Appended {
  snapshot: AuditSnapshot;
  /** False when the builder chose not to send an event. */
  appended: boolean;
  /** The event published the content (it is now status 1). */
  published: boolean;
}

/**
 * Appends the event `build` makes from the current state (null: none) to a content item's log, inside `tx`.
 * The row lock makes concurrent appends to the same content wait for each other, so each sees the other's event.
 */
export async function appendAuditEvent(tx: Tx, contentId: number, build: (snapshot: AuditSnapshot) => AuditEvent | null): Promise<Appended> {
  const [locked] = await tx.select({ id: contents.id, siteId: contents.siteId }).from(contents).where(eq(contents.id, contentId)).for('update');
  if (!locked) throw notFound();
  const rows = await eventRowsOf(tx, contentId);
  const events = rows.map(toAuditEvent);
  const before = replayAudit(events);
  const event = build(before);
  if (!event) return { snapshot: before, appended: false, published: false };
  const reason = auditRefusal(before, event);
  if (reason) throw conflict(`audit.refused.${reason}`);
  const after = replayAudit([...events, event]);
  const [stored] = await tx
    .insert(auditEvents)
    .values({
      siteId: locked.siteId,
      contentId,
      type: event.type,
      by: event.by,
      step: stepOf(event, before, after),
      toStep: event.type === 'audit.reject' ? event.to_step : null,
      comment: event.type === 'audit.approve' || event.type === 'audit.reject' ? (event.comment ?? '') : '',
      steps: event.type === 'audit.submit' ? event.steps : null,
    })
    .returning();
  const published = after.matches('published') && (event.type === 'audit.submit' || event.type === 'audit.approve');
  await tx
    .update(contents)
    .set({
      ...projectionOf(after, [...rows, stored!]),
      // Publishing is a status change like the list's: it bumps the version so an open editor cannot undo it unseen.
      ...(published
        ? {
            status: CONTENT_PUBLISHED,
            publishedAt: sql`coalesce(${contents.publishedAt}, now())`,
            version: sql`${contents.version} + 1`,
            updatedBy: event.by,
            updatedAt: new Date(),
          }
        : {}),
    })
    .where(eq(contents.id, contentId));
  return { snapshot: after, appended: true, published };
}
