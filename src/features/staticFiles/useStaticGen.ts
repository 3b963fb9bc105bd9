import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { staticGenMachine, type JobStatus } from '../../../machines/staticGen.machine';
import { loaderMachine } from '../../../machines/loader.machine';
import type { Job } from '../../../models/job';
import type { StaticGenResult, StaticIndex, StaticScope } from '../../../models/staticGen';
import { get, post } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { useSiteColumns, columnOptions } from '../category/useSiteColumns';

/** How often a running generation is asked for its progress. */
const JOB_POLL_INTERVAL_MS = 600;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the page to the static generation chart, and loads the output folder and last runs. */
export function useStaticGen() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const siteId = useStore(currentSiteStore);
  const index = useActorRef(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          get<StaticIndex>('/staticFile/index')
            .then(({ data }) => index.send({ type: 'loaded', data }))
            .catch((e: unknown) => index.send({ type: 'failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const actor = useActorRef(
    staticGenMachine.provide({
      actions: {
        startGen: (_, body) => {
          post<{ job_id: number }>('/staticFile/generate', body)
            .then(({ data }) => actor.send({ type: 'gen.started', jobId: data.job_id }))
            .catch((e: unknown) => actor.send({ type: 'gen.failed', message: messageOf(e) }));
        },
        pollJob: (_, { jobId }) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            get<Job>('/job/read', { id: jobId })
              .then(({ data }) =>
                actor.send({
                  type: 'job.update',
                  status: data.status as JobStatus,
                  progress: data.progress,
                  result: data.result as StaticGenResult | null,
                  error: data.error,
                }),
              )
              .catch((e: unknown) => actor.send({ type: 'poll.failed', message: messageOf(e) }));
          }, JOB_POLL_INTERVAL_MS);
        },
        cancelJob: (_, { jobId }) => {
          post('/job/cancel', { id: jobId }).catch((e: unknown) => actor.send({ type: 'cancel.failed', message: messageOf(e) }));
        },
        finished: () => index.send({ type: 'reload' }),
      },
    }),
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  // Another site chosen in the switcher: its folder and runs.
  useEffect(() => {
    if (siteId) index.send({ type: 'reload' });
  }, [siteId, index]);
  const state = useSelector(actor, (s) => s);
  const data = useSelector(index, (s) => s.context.data as StaticIndex | null);
  const columns = useSiteColumns(siteId);
  const { context } = state;
  return {
    editable: state.hasTag('editable'),
    busy: state.hasTag('busy'),
    progressing: state.hasTag('progress'),
    cancelling: state.hasTag('progress') && !state.hasTag('cancellable'),
    finished: state.hasTag('finished'),
    succeeded: state.hasTag('succeeded'),
    failed: state.hasTag('failed'),
    cancelled: state.hasTag('cancelled'),
    canStart: state.can({ type: 'gen.start' }),
    canCancel: state.can({ type: 'gen.cancel' }),
    scope: context.scope,
    categoryId: context.categoryId,
    ids: context.ids,
    progress: context.progress,
    result: context.result,
    error: context.error,
    index: data,
    columnOptions: columnOptions(columns.rows).filter((o) => o.value !== 0),
    setScope: (scope: StaticScope) => actor.send({ type: 'scope.change', scope }),
    setColumn: (categoryId: number | null) => actor.send({ type: 'scope.change', categoryId }),
    setIds: (text: string) =>
      actor.send({ type: 'scope.change', ids: [...new Set(text.split(/[\s,，]+/).filter((s) => /^\d+$/.test(s)).map(Number))].filter((n) => n > 0) }),
    start: () => actor.send({ type: 'gen.start' }),
    cancel: () => actor.send({ type: 'gen.cancel' }),
    reset: () => actor.send({ type: 'gen.reset' }),
  };
}
export type StaticGen = ReturnType<typeof useStaticGen>;
