import { assign, createActor, setup, type SnapshotFrom } from 'xstate';
import { AUDIT_STATES, type AuditEvent, type AuditState, type AuditStep } from '../models/audit';

// The content audit flow (issue 5): the single source of its rules. The server replays a content item's
// stored events through this chart to derive its audit state and refuses (409) any event the chart does not
// accept; the client uses the same chart to know what the caller may do.
//
// draft --submit--> reviewing at the resume step (or published when the flow has no steps)
// reviewing --approve--> next step, or published after the last; a countersign step waits for every reviewer
// reviewing --reject(comment, to_step)--> rejected; the next submission starts at to_step
// reviewing --withdraw (the content was edited)--> draft; the next submission starts at the first step
// rejected | published --submit--> as from draft (published content edited and sent for review again)
//
// A reviewer acts only on the current step, and only when that step names them; an approval counts once.

export interface AuditDecision {
  /** 0-based step index. */
  step: number;
  by: number;
  decision: 'approved' | 'rejected';
  comment: string;
}

export interface AuditContext {
  /** The flow taken with the last submission. */
  steps: AuditStep[];
  /** 0-based index of the step under review (meaningful while reviewing). */
  step: number;
  /** Reviewers who approved the current step. */
  approvals: number[];
  /** 0-based step the next submission starts at. */
  resumeStep: number;
  /** Who made the last submission (0 before any). */
  submitter: number;
  /** Decisions of the current round (since the last submission). */
  decisions: AuditDecision[];
  /** Comment of the last rejection, '' otherwise. */
  lastComment: string;
}

export const initialAuditContext: AuditContext = { steps: [], step: 0, approvals: [], resumeStep: 0, submitter: 0, decisions: [], lastComment: '' };

type E<T extends AuditEvent['type']> = Extract<AuditEvent, { type: T }>;

const currentStep = (c: AuditContext): AuditStep | undefined => c.steps[c.step];
const isReviewer = (c: AuditContext, by: number) => currentStep(c)?.reviewers.includes(by) ?? false;
/** A reviewer of the current step who has not approved it yet. */
const mayApprove = (c: AuditContext, by: number) => isReviewer(c, by) && !c.approvals.includes(by);
/** The approval `by` finishes the current step. */
const finishesStep = (c: AuditContext, by: number) => {
  const step = currentStep(c);
  if (!step) return false;
  if (step.mode === 'either') return true;
  const approved = new Set([...c.approvals, by]);
  return step.reviewers.every((r) => approved.has(r));
};
const startStep = (c: AuditContext, steps: AuditStep[]) => Math.min(c.resumeStep, Math.max(steps.length - 1, 0));

export const auditMachine = setup({
  types: { context: {} as AuditContext, events: {} as AuditEvent },
  guards: {
    noSteps: ({ event }) => (event as E<'audit.submit'>).steps.length === 0,
    mayApprove: ({ context, event }) => mayApprove(context, (event as E<'audit.approve'>).by),
    approvalFinishesFlow: ({ context, event }) => {
      const by = (event as E<'audit.approve'>).by;
      return mayApprove(context, by) && finishesStep(context, by) && context.step === context.steps.length - 1;
    },
    approvalFinishesStep: ({ context, event }) => {
      const by = (event as E<'audit.approve'>).by;
      return mayApprove(context, by) && finishesStep(context, by);
    },
    mayReject: ({ context, event }) => {
      const e = event as E<'audit.reject'>;
      return isReviewer(context, e.by) && e.comment.trim() !== '' && Number.isInteger(e.to_step) && e.to_step >= 1 && e.to_step <= context.step + 1;
    },
  },
  actions: {
    takeSubmission: assign(({ context, event }) => {
      const e = event as E<'audit.submit'>;
      return { steps: e.steps, step: startStep(context, e.steps), approvals: [], submitter: e.by, decisions: [], lastComment: '' };
    }),
    recordApproval: assign(({ context, event }) => {
      const e = event as E<'audit.approve'>;
      return {
        approvals: [...context.approvals, e.by],
        decisions: [...context.decisions, { step: context.step, by: e.by, decision: 'approved' as const, comment: e.comment ?? '' }],
      };
    }),
    nextStep: assign(({ context }) => ({ step: context.step + 1, approvals: [] })),
    finish: assign({ resumeStep: 0, approvals: [] }),
    recordRejection: assign(({ context, event }) => {
      const e = event as E<'audit.reject'>;
      return {
        resumeStep: e.to_step - 1,
        approvals: [],
        lastComment: e.comment,
        decisions: [...context.decisions, { step: context.step, by: e.by, decision: 'rejected' as const, comment: e.comment }],
      };
    }),
    restart: assign({ resumeStep: 0, approvals: [] }),
  },
}).createMachine({
  id: 'audit',
  context: initialAuditContext,
  initial: 'draft',
  states: {
    draft: { tags: ['editable'], on: { 'audit.submit': [{ guard: 'noSteps', target: 'published', actions: ['takeSubmission', 'finish'] }, { target: 'reviewing', actions: 'takeSubmission' }] } },
    reviewing: {
      tags: ['inReview', 'outstanding'],
      on: {
        'audit.approve': [
          { guard: 'approvalFinishesFlow', target: 'published', actions: ['recordApproval', 'finish'] },
          { guard: 'approvalFinishesStep', target: 'reviewing', reenter: true, actions: ['recordApproval', 'nextStep'] },
          { guard: 'mayApprove', actions: 'recordApproval' },
        ],
        'audit.reject': { guard: 'mayReject', target: 'rejected', actions: 'recordRejection' },
        'audit.withdraw': { target: 'draft', actions: 'restart' },
      },
    },
    rejected: { tags: ['editable', 'outstanding'], on: { 'audit.submit': [{ guard: 'noSteps', target: 'published', actions: ['takeSubmission', 'finish'] }, { target: 'reviewing', actions: 'takeSubmission' }] } },
    published: { tags: ['editable'], on: { 'audit.submit': [{ guard: 'noSteps', target: 'published', reenter: true, actions: ['takeSubmission', 'finish'] }, { target: 'reviewing', actions: 'takeSubmission' }] } },
  },
});

export type AuditSnapshot = SnapshotFrom<typeof auditMachine>;

/** Why the chart would refuse `event` in `snapshot` (null: it accepts it). The server turns this into its 409 message. */
export type AuditRefusal = 'notInReview' | 'notReviewer' | 'alreadyApproved' | 'commentRequired' | 'badStep' | 'inReview';
export function auditRefusal(snapshot: AuditSnapshot, event: AuditEvent): AuditRefusal | null {
  if (snapshot.can(event)) return null;
  const c = snapshot.context;
  if (event.type === 'audit.submit') return 'inReview';
  if (!snapshot.matches('reviewing')) return 'notInReview';
  if (event.type === 'audit.withdraw') return 'notInReview';
  if (!isReviewer(c, event.by)) return 'notReviewer';
  if (event.type === 'audit.approve') return 'alreadyApproved';
  if (event.comment.trim() === '') return 'commentRequired';
  return 'badStep';
}

export const auditState = (snapshot: AuditSnapshot): AuditState => snapshot.value as AuditState;

/** A fresh audit actor (state draft). */
export const startAudit = () => createActor(auditMachine).start();

/**
 * Replays `events` from draft. Every event must be accepted: the first refused one throws an AuditReplayError
 * carrying its index and the reason, so the caller can check a new event by replaying history + that event.
 */
export class AuditReplayError extends Error {
  constructor(
    readonly index: number,
    readonly reason: AuditRefusal,
  ) {
    super(`audit event ${index} refused: ${reason}`);
  }
}
export function replayAudit(events: readonly AuditEvent[]): AuditSnapshot {
  const actor = startAudit();
  events.forEach((event, index) => {
    const reason = auditRefusal(actor.getSnapshot(), event);
    if (reason) throw new AuditReplayError(index, reason);
    actor.send(event);
  });
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

/** May `by` approve now? (The audit page's approve button and the check list's "mine".) */
export const canApprove = (snapshot: AuditSnapshot, by: number) => snapshot.can({ type: 'audit.approve', by });
/** May `by` reject now (given some comment, back to the first step)? */
export const canReject = (snapshot: AuditSnapshot, by: number) => snapshot.can({ type: 'audit.reject', by, comment: '-', to_step: 1 });

/**
 * The chart at a stored audit state (a content row's check_status), for views that only have that state:
 * they ask this snapshot what may happen (`canSubmit`, tags) instead of comparing state names.
 * Unknown states read as draft, as the badge shows them.
 */
export function auditAt(state: unknown): AuditSnapshot {
  const value = (AUDIT_STATES as readonly unknown[]).includes(state) ? (state as AuditState) : 'draft';
  return auditMachine.resolveState({ value, context: initialAuditContext });
}

/** May the content be submitted for review now (a flow of one step stands in: any submission is alike here)? */
export const canSubmit = (snapshot: AuditSnapshot) => snapshot.can({ type: 'audit.submit', by: 0, steps: [] });
/** In review or sent back: the audit state says more than the publishing status beside it. */
export const isOutstanding = (snapshot: AuditSnapshot) => snapshot.hasTag('outstanding');
/** Waiting for reviewers' decisions. */
export const isInReview = (snapshot: AuditSnapshot) => snapshot.hasTag('inReview');
