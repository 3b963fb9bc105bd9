import { assign, setup } from 'xstate';
import type { AuditDetail } from '../models/audit';

// The audit page of one content item (/auditingContent?id=, /auditingContent/{category_id}?id=):
// loading → ready → approving | rejecting → done, with failed when the item cannot be loaded.
// Shown again (a cached tab), the page reloads the item: done and failed accept reload.
// The app provides fetchDetail (GET content/auditDetail → detail.loaded / detail.failed), sendDecision
// (POST content/audit → decision.done / decision.failed), notify (a toast) and leave (back to the list).
// What the caller may do comes from the server (can_approve / can_reject, which the audit chart decides);
// this chart adds the page's own rules: a rejection needs a comment and a step between 1 and the current one.
// A refused decision (someone acted first, the flow moved on) reloads the item, keeping what was typed.

export interface AuditPageContext {
  id: number;
  detail: AuditDetail | null;
  comment: string;
  /** 1-based step a rejection sends the content back to. */
  toStep: number;
  /** A rejection was asked for without a comment. */
  commentMissing: boolean;
  error: string | null;
}

export type AuditPageEvent =
  | { type: 'detail.loaded'; detail: AuditDetail }
  | { type: 'detail.failed'; message: string }
  | { type: 'reload' }
  | { type: 'comment.change'; value: string }
  | { type: 'toStep.change'; step: number }
  | { type: 'approve' }
  | { type: 'reject' }
  | { type: 'decision.done'; message: string }
  | { type: 'decision.failed'; message: string };

export interface AuditPageInput {
  id: number;
}

export type AuditDecisionRequest =
  | { id: number; action: 'approve'; comment: string }
  | { id: number; action: 'reject'; comment: string; to_step: number };

const validStep = (c: AuditPageContext, step: number) => Number.isInteger(step) && step >= 1 && step <= Math.max(c.detail?.step ?? 1, 1);

export const auditPageMachine = setup({
  types: { context: {} as AuditPageContext, events: {} as AuditPageEvent, input: {} as AuditPageInput },
  actions: {
    fetchDetail: (_, _params: { id: number }) => {},
    sendDecision: (_, _params: AuditDecisionRequest) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    leave: () => {},
  },
  guards: {
    mayApprove: ({ context }) => Boolean(context.detail?.can_approve),
    mayReject: ({ context }) => Boolean(context.detail?.can_reject) && context.comment.trim() !== '' && validStep(context, context.toStep),
    rejectWithoutComment: ({ context }) => Boolean(context.detail?.can_reject) && context.comment.trim() === '',
    validStep: ({ context, event }) => event.type === 'toStep.change' && validStep(context, event.step),
  },
}).createMachine({
  id: 'auditPage',
  context: ({ input }) => ({ id: input.id, detail: null, comment: '', toStep: 1, commentMissing: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: { type: 'fetchDetail', params: ({ context }) => ({ id: context.id }) },
      on: {
        'detail.loaded': {
          target: 'ready',
          // A step chosen before the reload stays when it is still reachable.
          actions: assign(({ context, event }) => ({
            detail: event.detail,
            error: null,
            toStep: context.toStep <= Math.max(event.detail.step, 1) ? context.toStep : 1,
          })),
        },
        'detail.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    failed: { tags: ['failed'], on: { reload: 'loading' } },
    ready: {
      tags: ['ready'],
      on: {
        reload: 'loading',
        'comment.change': { actions: assign({ comment: ({ event }) => event.value, commentMissing: false }) },
        'toStep.change': { guard: 'validStep', actions: assign({ toStep: ({ event }) => event.step }) },
        approve: { guard: 'mayApprove', target: 'approving' },
        reject: [
          { guard: 'mayReject', target: 'rejecting' },
          { guard: 'rejectWithoutComment', actions: assign({ commentMissing: true }) },
        ],
      },
    },
    approving: {
      tags: ['busy', 'deciding'],
      entry: { type: 'sendDecision', params: ({ context }) => ({ id: context.id, action: 'approve' as const, comment: context.comment.trim() }) },
      on: {
        'decision.done': 'done',
        'decision.failed': { target: 'loading', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) } },
      },
    },
    rejecting: {
      tags: ['busy', 'deciding'],
      entry: {
        type: 'sendDecision',
        params: ({ context }) => ({ id: context.id, action: 'reject' as const, comment: context.comment.trim(), to_step: context.toStep }),
      },
      on: {
        'decision.done': 'done',
        'decision.failed': { target: 'loading', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) } },
      },
    },
    done: {
      // The page has gone back to the list; its cached tab, shown again, loads the item afresh.
      tags: ['done'],
      on: { reload: 'loading' },
      entry: [{ type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.type === 'decision.done' ? event.message : '' }) }, 'leave'],
    },
  },
});
