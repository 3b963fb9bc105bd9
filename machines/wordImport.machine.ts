import { assign, setup } from 'xstate';

// The prohibited-word import dialog: paste lines, submit (submitImport → import.done / import.failed),
// read the report of bad lines, and fix just those lines for another try. When words were added the app
// is told (imported) so the list can reload.

export interface ImportReport {
  imported: number;
  errors: Array<{ line: number; text: string; message: string }>;
}

export interface ImportContext {
  text: string;
  report: ImportReport | null;
  error: string | null;
}

export type ImportEvent =
  | { type: 'import.open' }
  | { type: 'text.change'; text: string }
  | { type: 'import.submit' }
  | { type: 'import.done'; report: ImportReport }
  | { type: 'import.failed'; message: string }
  | { type: 'import.retry' }
  | { type: 'import.close' };

export const wordImportMachine = setup({
  types: { context: {} as ImportContext, events: {} as ImportEvent },
  actions: {
    submitImport: (_, _params: { text: string }) => {},
    imported: (_, _params: { count: number }) => {},
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
    addedWords: ({ event }) => event.type === 'import.done' && event.report.imported > 0,
    hasErrors: ({ context }) => (context.report?.errors.length ?? 0) > 0,
  },
}).createMachine({
  id: 'wordImport',
  context: { text: '', report: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'import.open': { target: 'editing', actions: assign({ text: '', report: null, error: null }) } },
    },
    editing: {
      tags: ['open', 'editable'],
      on: {
        'text.change': { actions: assign({ text: ({ event }) => event.text, error: null }) },
        'import.submit': { guard: 'hasText', target: 'submitting', actions: { type: 'submitImport', params: ({ context }) => ({ text: context.text }) } },
        'import.close': 'closed',
      },
    },
    submitting: {
      tags: ['open', 'busy'],
      on: {
        'import.done': [
          { guard: 'addedWords', target: 'reported', actions: [assign({ report: ({ event }) => event.report }), { type: 'imported', params: ({ event }) => ({ count: event.report.imported }) }] },
          { target: 'reported', actions: assign({ report: ({ event }) => event.report }) },
        ],
        'import.failed': { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    reported: {
      tags: ['open', 'reported'],
      on: {
        // Only the lines that failed come back to be fixed.
        'import.retry': {
          guard: 'hasErrors',
          target: 'editing',
          actions: assign({ text: ({ context }) => context.report!.errors.map((e) => e.text).join('\n'), report: null }),
        },
        'import.close': 'closed',
      },
    },
  },
});
