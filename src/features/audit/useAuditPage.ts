import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { auditPageMachine } from '../../../machines/auditPage.machine';
import type { AuditDetail } from '../../../models/audit';
import { get, post } from '../../api/http';
import { navigateTo } from '../../app/root';
import { notify } from '../../components/Toaster';
import { useOnViewReturn } from '../../app/viewActive';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the audit page to its chart: GET content/auditDetail, POST content/audit, back to `listPath` when done. */
export function useAuditPage(id: number, listPath: string) {
  const actor = useChart(
    auditPageMachine.provide({
      actions: {
        fetchDetail: (_, { id: contentId }) => {
          get<AuditDetail>('/content/auditDetail', { id: contentId })
            .then(({ data }) => actor.send({ type: 'detail.loaded', detail: data }))
            .catch((e: unknown) => actor.send({ type: 'detail.failed', message: messageOf(e) }));
        },
        sendDecision: (_, body) => {
          post('/content/audit', body)
            .then(({ msg }) => actor.send({ type: 'decision.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'decision.failed', message: messageOf(e) }));
        },
        notify: (_, { kind, message }) => message && notify(kind, message),
        leave: () => navigateTo(listPath),
      },
    }),
    { input: { id } },
  );
  // A cached tab shown again (or after a decision) shows the item as it is now.
  useOnViewReturn(() => actor.getSnapshot().can({ type: 'reload' }) && actor.send({ type: 'reload' }));
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  return {
    detail: context.detail,
    comment: context.comment,
    toStep: context.toStep,
    commentMissing: context.commentMissing,
    error: context.error,
    loading: state.hasTag('busy') && !state.hasTag('deciding'),
    deciding: state.hasTag('deciding'),
    approving: state.matches('approving'),
    rejecting: state.matches('rejecting'),
    failed: state.hasTag('failed'),
    canApprove: state.can({ type: 'approve' }),
    canReject: state.can({ type: 'reject' }),
    canChooseStep: (step: number) => state.can({ type: 'toStep.change', step }),
    setComment: (value: string) => actor.send({ type: 'comment.change', value }),
    setToStep: (step: number) => actor.send({ type: 'toStep.change', step }),
    approve: () => actor.send({ type: 'approve' }),
    reject: () => actor.send({ type: 'reject' }),
    reload: () => actor.send({ type: 'reload' }),
  };
}
export type AuditPageModel = ReturnType<typeof useAuditPage>;
