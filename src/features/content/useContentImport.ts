import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { contentImportMachine } from '../../../machines/contentImport.machine';
import type { ImportKind, ImportPreview, ImportReport } from '../../../models/contentImport';
import { post } from '../../api/http';
import { jobProgress } from '../../app/jobs/jobApi';
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function send(kind: ImportKind, file: File, categoryId: number, commit: boolean) {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<ImportPreview>(`/ContentImport/${kind}?category_id=${categoryId}&commit=${commit ? 1 : 0}`, form, { timeout: 60_000 });
}

/** The import dialog's connect hook: the import chart bound to /ContentImport and the app's job progress actor. */
export function useContentImport(categoryId: number | undefined, onImported: () => void) {
  const unfollow = useRef<(() => void) | undefined>(undefined);
  const actor = useChart(
    contentImportMachine.provide({
      actions: {
        preview: (_, { kind, file }) => {
          send(kind, file, categoryId!, false)
            .then(({ data }) => actor.send({ type: 'previewed', preview: data }))
            .catch((e: unknown) => actor.send({ type: 'request.failed', message: messageOf(e) }));
        },
        commit: (_, { kind, file }) => {
          send(kind, file, categoryId!, true)
            .then(({ data }) => actor.send({ type: 'commit.started', jobId: data.job_id! }))
            .catch((e: unknown) => actor.send({ type: 'request.failed', message: messageOf(e) }));
        },
        // The job's next report from the shared progress actor (its one poll loop), then listen no more.
        pollJob: (_, { jobId }) => {
          unfollow.current?.();
          const stop = jobProgress.follow(jobId, (event) => {
            stop();
            if (event.type === 'job.followFailed') actor.send({ type: 'request.failed', message: event.message });
            else actor.send({ type: 'job.update', status: event.status, progress: event.progress, report: event.result as ImportReport | null, error: event.error ?? '' });
          });
          unfollow.current = stop;
        },
        imported: () => onImported(),
      },
    }),
  );
  useEffect(() => () => unfollow.current?.(), []);
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  return {
    open: state.hasTag('open'),
    busy: state.hasTag('busy'),
    running: state.hasTag('progress'),
    finished: state.hasTag('finished'),
    kind: c.kind,
    fileName: c.file?.name ?? '',
    preview: c.preview,
    progress: c.progress,
    report: c.report,
    error: c.error,
    canCommit: state.can({ type: 'import.commit' }),
    canChoose: state.hasTag('editable'),
    start: () => actor.send({ type: 'import.open' }),
    setKind: (kind: ImportKind) => actor.send({ type: 'kind.change', kind }),
    choose: (file: File) => actor.send({ type: 'file.choose', file }),
    commit: () => actor.send({ type: 'import.commit' }),
    close: () => actor.send({ type: 'import.close' }),
  };
}
export type ContentImport = ReturnType<typeof useContentImport>;
