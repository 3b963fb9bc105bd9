import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import { auditAt, canSubmit, isOutstanding } from '../../../machines/audit.machine';
import type { AuditState, AuditTrailEntry } from '../../../models/audit';
import type { Content } from '../../../models/content';
import { get } from '../../api/http';

interface ContentAudit {
  state: AuditState;
  trail: AuditTrailEntry[];
}

/**
 * A content item's audit state (its check_status, from content/read) and trail (content/auditTrail), for the
 * edit page; reloaded whenever `stamp` (the item's version) changes and on demand after submitting.
 */
export function useContentAudit(contentId: number | null, stamp: number) {
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          if (!contentId) return void actor.send({ type: 'loaded', data: null });
          Promise.all([get<Content>('/content/read', { id: contentId }), get<AuditTrailEntry[]>('/content/auditTrail', { id: contentId })])
            .then(([content, trail]) => actor.send({ type: 'loaded', data: { state: content.data.check_status as AuditState, trail: trail.data } satisfies ContentAudit }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
        },
      },
    }),
  );
  useEffect(() => {
    if (!actor.getSnapshot().hasTag('busy')) actor.send({ type: 'reload' });
  }, [contentId, stamp, actor]);
  const s = useSelector(actor, (x) => x);
  const data = s.context.data as ContentAudit | null;
  // The audit chart at the stored state says what the page may offer (never a comparison of state names).
  const chart = auditAt(data?.state);
  return {
    state: data?.state ?? null,
    /** In review or sent back: worth a badge beside the publishing status. */
    outstanding: data ? isOutstanding(chart) : false,
    /** The chart would take a submission now. */
    submittable: canSubmit(chart),
    trail: data?.trail ?? [],
    busy: s.hasTag('busy'),
    failed: s.hasTag('failed'),
    error: s.context.error,
    reload: () => actor.send({ type: 'reload' }),
  };
}
export type ContentAuditModel = ReturnType<typeof useContentAudit>;
