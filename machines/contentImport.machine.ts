import { assign, setup } from 'xstate';
import type { ImportKind, ImportPreview, ImportReport } from '../models/contentImport';

// Importing content from a CSV or Excel file into a column: choose the kind and the file, see the
// preview (how headers map, which rows fail and why), commit the valid rows as a job, follow its
// progress until done. The app provides preview and commit (→ previewed / commit.started /
// request.failed), pollJob (after a pause → job.update / request.failed) and imported (reload the list).

export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ImportContext {
  kind: ImportKind;
  file: File | null;
  preview: ImportPreview | null;
  jobId: number | null;
  progress: number;
  report: ImportReport | null;
  error: string | null;
}

export type ImportEvent =
  | { type: 'import.open' }
  | { type: 'kind.change'; kind: ImportKind }
  | { type: 'file.choose'; file: File }
  | { type: 'previewed'; preview: ImportPreview }
  | { type: 'request.failed'; message: string }
  | { type: 'import.commit' }
  | { type: 'commit.started'; jobId: number }
  | { type: 'job.update'; status: ImportJobStatus; progress: number; report?: ImportReport | null; error?: string }
  | { type: 'import.close' };

const initial: ImportContext = { kind: 'commission', file: null, preview: null, jobId: null, progress: 0, report: null, error: null };
type Update = Extract<ImportEvent, { type: 'job.update' }>;

export const contentImportMachine = setup({
  types: { context: {} as ImportContext, events: {} as ImportEvent },
  actions: {
    preview: (_, _params: { kind: ImportKind; file: File }) => {},
    commit: (_, _params: { kind: ImportKind; file: File }) => {},
    pollJob: (_, _params: { jobId: number }) => {},
    imported: () => {},
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    hasValidRows: ({ context }) => (context.preview?.valid ?? 0) > 0,
    finished: ({ event }) => ['done', 'failed', 'cancelled'].includes((event as Update).status),
  },
}).createMachine({
  id: 'contentImport',
  context: initial,
  initial: 'closed',
  states: {
    closed: { on: { 'import.open': { target: 'choosing', actions: assign(() => initial) } } },
    choosing: {
      tags: ['open', 'editable'],
      on: {
        'kind.change': [
          { guard: 'hasFile', target: 'previewing', actions: assign({ kind: ({ event }) => event.kind }) },
          { actions: assign({ kind: ({ event }) => event.kind }) },
        ],
        'file.choose': { target: 'previewing', actions: assign({ file: ({ event }) => event.file, preview: null, error: null }) },
        'import.commit': { guard: 'hasValidRows', target: 'committing' },
        'import.close': 'closed',
      },
    },
    previewing: {
      tags: ['open', 'busy'],
      entry: { type: 'preview', params: ({ context }) => ({ kind: context.kind, file: context.file! }) },
      on: {
        previewed: { target: 'choosing', actions: assign({ preview: ({ event }) => event.preview, error: null }) },
        'request.failed': { target: 'choosing', actions: assign({ preview: null, error: ({ event }) => event.message }) },
      },
    },
    committing: {
      tags: ['open', 'busy'],
      entry: { type: 'commit', params: ({ context }) => ({ kind: context.kind, file: context.file! }) },
      on: {
        'commit.started': {
          target: 'running',
          actions: [assign({ jobId: ({ event }) => event.jobId, progress: 0 }), { type: 'pollJob', params: ({ event }) => ({ jobId: event.jobId }) }],
        },
        'request.failed': { target: 'choosing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    running: {
      tags: ['open', 'busy', 'progress'],
      on: {
        'job.update': [
          {
            guard: 'finished',
            target: 'finished',
            actions: [
              assign({
                progress: ({ event }) => event.progress,
                report: ({ event }) => event.report ?? null,
                error: ({ event }) => (event.status === 'done' ? null : (event.error ?? event.status)),
              }),
              'imported',
            ],
          },
          { actions: [assign({ progress: ({ event }) => event.progress }), { type: 'pollJob', params: ({ context }) => ({ jobId: context.jobId! }) }] },
        ],
        'request.failed': { target: 'finished', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    finished: {
      tags: ['open', 'finished'],
      on: { 'import.close': 'closed' },
    },
  },
});
