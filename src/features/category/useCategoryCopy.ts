import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { categoryCopyMachine, type JobStatus } from '../../../machines/categoryCopy.machine';
import { CATEGORY_COPY_TIMEOUT_MS } from '../../../models/constants';
import type { Job } from '../../../models/job';
import { get, post } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { columnsDidChange } from './columnsStore';
import { useSiteColumns, columnOptions } from './useSiteColumns';

/** How often a running copy is asked for its progress. */
const JOB_POLL_INTERVAL_MS = 600;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the copy dialog to the copy chart: start the job, poll its progress, cancel it. */
export function useCategoryCopy() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const actor = useActorRef(
    categoryCopyMachine.provide({
      actions: {
        startCopy: (_, body) => {
          post<{ job_id: number }>('/category/copy', body, { timeout: CATEGORY_COPY_TIMEOUT_MS })
            .then(({ data }) => actor.send({ type: 'copy.started', jobId: data.job_id }))
            .catch((e: unknown) => actor.send({ type: 'copy.failed', message: messageOf(e) }));
        },
        pollJob: (_, { jobId }) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            get<Job>('/job/read', { id: jobId })
              .then(({ data }) =>
                actor.send({ type: 'job.update', status: data.status as JobStatus, progress: data.progress, result: data.result, error: data.error }),
              )
              .catch((e: unknown) => actor.send({ type: 'poll.failed', message: messageOf(e) }));
          }, JOB_POLL_INTERVAL_MS);
        },
        cancelJob: (_, { jobId }) => {
          post('/job/cancel', { id: jobId }).catch((e: unknown) => actor.send({ type: 'cancel.failed', message: messageOf(e) }));
        },
        copied: () => {
          notify('success', t('common.copiedOk'));
          columnsDidChange();
        },
      },
    }),
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const currentSite = useStore(currentSiteStore);
  const targets = useSiteColumns(state.hasTag('open') ? context.targetSiteId : null);
  const result = (context.result ?? {}) as { categories?: number; contents?: number };
  return {
    open: state.hasTag('open'),
    editable: state.hasTag('editable'),
    busy: state.hasTag('busy'),
    starting: state.hasTag('busy') && !state.hasTag('progress'),
    progressing: state.hasTag('progress'),
    cancelling: state.hasTag('progress') && !state.hasTag('cancellable'),
    finished: state.hasTag('finished'),
    succeeded: state.hasTag('succeeded'),
    failed: state.hasTag('failed'),
    cancelled: state.hasTag('cancelled'),
    canCancel: state.can({ type: 'copy.cancel' }),
    canClose: state.can({ type: 'copy.close' }),
    source: context.source,
    targetSiteId: context.targetSiteId,
    targetParentId: context.targetParentId,
    withContent: context.withContent,
    progress: context.progress,
    error: context.error,
    copiedColumns: result.categories ?? 0,
    copiedContents: result.contents ?? 0,
    parentOptions: columnOptions(targets.rows),
    loadingParents: targets.loading,
    openFor: (source: { id: number; title: string }) => actor.send({ type: 'copy.open', source, siteId: currentSite }),
    setSite: (siteId: number) => actor.send({ type: 'target.change', siteId }),
    setParent: (parentId: number) => actor.send({ type: 'target.change', parentId }),
    setWithContent: (withContent: boolean) => actor.send({ type: 'target.change', withContent }),
    submit: () => actor.send({ type: 'copy.submit' }),
    cancel: () => actor.send({ type: 'copy.cancel' }),
    close: () => actor.send({ type: 'copy.close' }),
  };
}
export type CategoryCopy = ReturnType<typeof useCategoryCopy>;
