import { useActorRef, useSelector } from '@xstate/react';
import { contentImportMachine } from '../../../machines/contentImport.machine';
import type { ImportKind, ImportPreview, ImportReport } from '../../../models/contentImport';
import type { Job } from '../../../models/job';
import { get, post } from '../../api/http';

const POLL_MS = 800;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function send(kind: ImportKind, file: File, categoryId: number, commit: boolean) {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<ImportPreview>(`/ContentImport/${kind}?category_id=${categoryId}&commit=${commit ? 1 : 0}`, form, { timeout: 60_000 });
}

/** The import dialog's connect hook: the import chart bound to /ContentImport and /job/read. */
export function useContentImport(categoryId: number | undefined, onImported: () => void) {
  const actor = useActorRef(
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
        pollJob: (_, { jobId }) => {
          setTimeout(() => {
            get<Job>('/job/read', { id: jobId })
              .then(({ data }) =>
                actor.send({ type: 'job.update', status: data.status, progress: data.progress, report: data.result as ImportReport | null, error: data.error }),
              )
              .catch((e: unknown) => actor.send({ type: 'request.failed', message: messageOf(e) }));
          }, POLL_MS);
        },
        imported: () => onImported(),
      },
    }),
  );
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
