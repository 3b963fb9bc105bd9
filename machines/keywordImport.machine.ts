import { assign, setup } from 'xstate';
import type { KeywordImportResult } from '../models/keyword';

// The keyword import dialog: choose a CSV or Excel file, upload it (uploadFile → import.done /
// import.failed), read the report of rows that were not imported and why, then choose another file or
// close. When keywords were added the app is told (imported) so the list can reload.

export interface KeywordImportContext {
  file: File | null;
  report: KeywordImportResult | null;
  error: string | null;
}

export type KeywordImportEvent =
  | { type: 'import.open' }
  | { type: 'file.choose'; file: File }
  | { type: 'import.submit' }
  | { type: 'import.done'; report: KeywordImportResult }
  | { type: 'import.failed'; message: string }
  | { type: 'import.again' }
  | { type: 'import.close' };

const empty: KeywordImportContext = { file: null, report: null, error: null };

export const keywordImportMachine = setup({
  types: { context: {} as KeywordImportContext, events: {} as KeywordImportEvent },
  actions: {
    uploadFile: (_, _params: { file: File }) => {},
    imported: (_, _params: { count: number }) => {},
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    addedKeywords: ({ event }) => event.type === 'import.done' && event.report.imported > 0,
  },
}).createMachine({
  id: 'keywordImport',
  context: empty,
  initial: 'closed',
  states: {
    closed: { on: { 'import.open': { target: 'choosing', actions: assign(() => empty) } } },
    choosing: {
      tags: ['open', 'editable'],
      on: {
        'file.choose': { actions: assign({ file: ({ event }) => event.file, error: null }) },
        'import.submit': { guard: 'hasFile', target: 'uploading', actions: { type: 'uploadFile', params: ({ context }) => ({ file: context.file! }) } },
        'import.close': 'closed',
      },
    },
    uploading: {
      tags: ['open', 'busy'],
      on: {
        'import.done': [
          { guard: 'addedKeywords', target: 'reported', actions: [assign({ report: ({ event }) => event.report }), { type: 'imported', params: ({ event }) => ({ count: event.report.imported }) }] },
          { target: 'reported', actions: assign({ report: ({ event }) => event.report }) },
        ],
        'import.failed': { target: 'choosing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    reported: {
      tags: ['open', 'reported'],
      on: {
        'import.again': { target: 'choosing', actions: assign(() => empty) },
        'import.close': 'closed',
      },
    },
  },
});
