import { z } from 'zod';
import { Id, MAX_INT, NumberFilter, Paging, TextFilter } from './common';

// Content audit (spec §2 /Content/checkList, /auditingContent, §3 "Audit step", §4; issue 5).
// The rules live in machines/audit.machine.ts; the server stores audit events and derives each content's
// audit state by replaying them through that chart.

/** either: any one reviewer's approval passes the step; countersign: every reviewer must approve. */
export const AUDIT_MODES = ['either', 'countersign'] as const;
export const AuditMode = z.enum(AUDIT_MODES);
export type AuditMode = z.infer<typeof AuditMode>;

/** Most steps a flow may have, most reviewers a step may name. */
export const MAX_AUDIT_STEPS = 10;
export const MAX_STEP_REVIEWERS = 20;

export const AuditStep = z.object({
  reviewers: z
    .array(z.coerce.number().int().positive().max(MAX_INT))
    .min(1, { message: 'audit.reviewersRequired' })
    .max(MAX_STEP_REVIEWERS)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'audit.duplicateReviewer' }),
  mode: AuditMode,
});
export type AuditStep = z.infer<typeof AuditStep>;

/** An ordered list of steps; no steps means content publishes directly. */
export const AuditSteps = z.array(AuditStep).max(MAX_AUDIT_STEPS);

/**
 * GET /auditFlow/read?category_id= (0 or absent = the site's own flow, X-Site-Id) → the flow in force there.
 * Readable with any of the contentCheck, content, websiteSetting or category permissions.
 * `inherited` is true for a column without its own flow (it uses the site's).
 */
export const AuditFlowQuery = z.object({ category_id: z.coerce.number().int().min(0).max(MAX_INT).default(0) });
export const AuditFlow = z.object({
  category_id: z.number().int(),
  steps: AuditSteps,
  inherited: z.boolean(),
});
export type AuditFlow = z.infer<typeof AuditFlow>;

/**
 * POST /auditFlow/save: the site's flow (category_id 0; permission websiteSetting) or a column's override
 * (permission category); steps null = inherit the site's, [] = this column publishes directly. Reviewers must
 * be existing admins who may manage the site, else 400 naming `steps.<i>.reviewers.<j>`. data: the saved AuditFlow.
 */
export const AuditFlowSave = z.object({
  category_id: z.coerce.number().int().min(0).max(MAX_INT).default(0),
  steps: AuditSteps.nullable(),
});
export type AuditFlowSave = z.infer<typeof AuditFlowSave>;

/** The audit state of a content item (its `check_status` in lists). */
export const AUDIT_STATES = ['draft', 'reviewing', 'rejected', 'published'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];

/**
 * An audit event as the chart takes it. `by` is the acting admin's id. A submission carries the flow in force
 * when it was made, so replaying old events never depends on today's settings. `to_step` of a rejection is
 * the 1-based step the next submission starts at (1 = start again from the first step, i.e. back to draft).
 */
export type AuditEvent =
  | { type: 'audit.submit'; by: number; steps: AuditStep[] }
  | { type: 'audit.approve'; by: number; comment?: string }
  | { type: 'audit.reject'; by: number; comment: string; to_step: number }
  | { type: 'audit.withdraw'; by: number };
export type AuditEventType = AuditEvent['type'];

/**
 * One stored audit event, as the trail shows it. GET /content/auditTrail?id= (permission content) → the
 * content's events oldest first; AuditDetail.trail is the same list.
 */
export const AuditTrailEntry = z.object({
  id: z.number().int(),
  type: z.enum(['audit.submit', 'audit.approve', 'audit.reject', 'audit.withdraw']),
  by: z.number().int(),
  by_name: z.string(),
  /** 1-based step the event acted on (submit: the step review starts at; 0 when not in review). */
  step: z.number().int(),
  to_step: z.number().int().nullable(),
  comment: z.string(),
  created_at: z.string(),
});
export type AuditTrailEntry = z.infer<typeof AuditTrailEntry>;

/** A step as the audit page shows it: its reviewers and what each decided in the current round. */
export const AuditStepView = z.object({
  mode: AuditMode,
  reviewers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      decision: z.enum(['pending', 'approved', 'rejected']),
      comment: z.string(),
    }),
  ),
  passed: z.boolean(),
  current: z.boolean(),
});
export type AuditStepView = z.infer<typeof AuditStepView>;

/** GET /content/auditDetail?id= → the content read-only (body with prohibited words marked), steps and trail. */
export const AuditDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
  category_title: z.string(),
  author: z.string(),
  submitter_name: z.string(),
  /** Sanitised body HTML with prohibited words wrapped in <mark> (see content wordSearch). */
  marked_body: z.string(),
  words: z.array(z.object({ title: z.string(), level: z.number().int() })),
  state: z.enum(AUDIT_STATES),
  /** 1-based current step while in review, else 0. */
  step: z.number().int(),
  steps: z.array(AuditStepView),
  /** What the caller may do now, as the chart says. */
  can_approve: z.boolean(),
  can_reject: z.boolean(),
  trail: z.array(AuditTrailEntry),
});
export type AuditDetail = z.infer<typeof AuditDetail>;

/** POST /content/submitAudit {id} → the new state; level-1 words come back as warnings, level-2 words refuse. */
export const SubmitAudit = z.object({ id: Id });
export const SubmitAuditResult = z.object({
  state: z.enum(AUDIT_STATES),
  step: z.number().int(),
  warnings: z.array(z.object({ title: z.string(), level: z.number().int() })),
});
export type SubmitAuditResult = z.infer<typeof SubmitAuditResult>;

/** POST /content/audit: approve, or reject with a comment and the step the next submission starts at. */
export const AuditAction = z.discriminatedUnion('action', [
  z.object({ id: Id, action: z.literal('approve'), comment: z.string().trim().max(1000).default('') }),
  z.object({
    id: Id,
    action: z.literal('reject'),
    comment: z.string().trim().min(1, { message: 'audit.commentRequired' }).max(1000),
    to_step: z.coerce.number().int().min(1).max(MAX_AUDIT_STEPS).default(1),
  }),
]);
export type AuditAction = z.infer<typeof AuditAction>;

/**
 * GET /content/checkList: content in review. scope 'mine' = waiting for the caller's decision (default),
 * 'all' = everything in review on the site. Filters: column, 1-based step, submitter id, title keyword.
 */
export const CheckListQuery = Paging.extend({
  scope: z.enum(['mine', 'all']).default('mine'),
  category_id: NumberFilter,
  step: NumberFilter,
  submitter: NumberFilter,
  keyword: TextFilter,
});
export type CheckListQuery = z.infer<typeof CheckListQuery>;

export const CheckListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
  category_title: z.string(),
  submitter: z.number().int(),
  submitter_name: z.string(),
  /** 1-based current step and how many steps the flow has. */
  step: z.number().int(),
  steps: z.number().int(),
  mode: AuditMode,
  /** The caller may approve this item now. */
  mine: z.boolean(),
  submitted_at: z.string(),
});
export type CheckListItem = z.infer<typeof CheckListItem>;

/** A prohibited word found in a content item's title or body (level 1 sensitive, 2 prohibited). */
export const AuditWord = z.object({ title: z.string(), level: z.number().int() });
export type AuditWord = z.infer<typeof AuditWord>;

/**
 * data of a submitAudit refused because the title or body holds level-2 words (envelope code 400, msg lists
 * them): the words to change, level 2 first.
 */
export const SubmitAuditRefused = z.object({ words: z.array(AuditWord) });
export type SubmitAuditRefused = z.infer<typeof SubmitAuditRefused>;

/** POST /content/checkAll → data: how many items the caller approved now; the others were skipped. */
export const CheckAllResult = z.object({ affected: z.number().int(), skipped: z.number().int() });
export type CheckAllResult = z.infer<typeof CheckAllResult>;

/**
 * The audit state a list shows. Content published without review (a site or column without steps, or content
 * from before the audit existed) has no audit events, and content whose re-review was withdrawn is still live:
 * both are 'published' to the reader, not 'draft'.
 */
export function shownAuditState(checkStatus: string, status: number): AuditState {
  const state = (AUDIT_STATES as readonly string[]).includes(checkStatus) ? (checkStatus as AuditState) : 'draft';
  return state === 'draft' && status === 1 ? 'published' : state;
}
