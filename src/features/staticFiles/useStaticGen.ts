import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import {
  contentIdsOf,
  staticGenRequest,
  type StaticGenerate,
  type StaticGenResult,
  type StaticIndex,
  type StaticScope,
  type StaticScopeChoice,
} from '../../../models/staticGen';
import { get, post } from '../../api/http';
import { useJob } from '../../app/jobs/useJob';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { useSiteColumns, columnOptions } from '../category/useSiteColumns';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the page to a static generation job (the shared job chart), and loads the output folder and last runs. */
export function useStaticGen() {
  const siteId = useStore(currentSiteStore);
  const index = useChart(
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
  // The scope is the page's own choice; the run itself is the job chart's.
  const [choice, setChoice] = useState<StaticScopeChoice>({ scope: 'site', categoryId: null, ids: [] });
  const job = useJob<StaticGenerate, StaticGenResult>({
    start: (body) => post<{ job_id: number }>('/staticFile/generate', body).then(({ data }) => data.job_id),
    onFinished: () => index.send({ type: 'reload' }),
  });
  // Another site chosen in the switcher: its folder and runs.
  useEffect(() => {
    if (siteId) index.send({ type: 'reload' });
  }, [siteId, index]);
  const data = useSelector(index, (s) => s.context.data as StaticIndex | null);
  const columns = useSiteColumns(siteId);
  const request = staticGenRequest(choice);
  const choose = (change: Partial<StaticScopeChoice>) => {
    if (!job.idle) return;
    setChoice((c) => ({ ...c, ...change }));
    if (job.error) job.reset(); // a new choice clears the last refusal
  };
  return {
    editable: job.idle,
    busy: job.busy,
    progressing: job.running,
    cancelling: job.cancelling,
    finished: job.finished,
    succeeded: job.succeeded,
    failed: job.failed,
    cancelled: job.cancelled,
    canStart: job.canStart && request !== null,
    canCancel: job.cancellable,
    scope: choice.scope,
    categoryId: choice.categoryId,
    ids: choice.ids,
    progress: job.progress,
    result: job.result,
    error: job.error,
    index: data,
    columnOptions: columnOptions(columns.rows).filter((o) => o.value !== 0),
    setScope: (scope: StaticScope) => choose({ scope }),
    setColumn: (categoryId: number | null) => choose({ categoryId }),
    setIds: (text: string) => choose({ ids: contentIdsOf(text) }),
    start: () => request && job.start(request),
    cancel: job.cancel,
    reset: job.reset,
  };
}
export type StaticGen = ReturnType<typeof useStaticGen>;
