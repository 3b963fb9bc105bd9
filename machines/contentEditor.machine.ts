import { and, assign, not, setup, type SnapshotFrom } from 'xstate';
import { CONTENT_PUBLISHED, type StaleSave } from '../models/content';

// The content edit page: load the form (a new item's scaffold or a stored item), edit, save, and a
// stale save answered 409 — edited elsewhere meanwhile — never overwrites silently: the editor shows
// who saved and when, and the user chooses to load their version or to overwrite it on purpose.
// The app provides fetch (answers loaded / load.failed), submit (answers save.done / save.failed /
// save.conflict), notify and saved (e.g. switch the address to the edit page after a first save).
//
// "Save and publish" (save.publish) depends on the column: where an audit flow is in force only the audit
// publishes, so it saves the item as it stands and submits it for review (submitAudit answers submit.done /
// submit.failed); elsewhere it saves with the status published. Either way the page shows the stored status
// (`initial`), which a refused save leaves as it was.

export type Values = Record<string, unknown>;
export type Errors = Record<string, string>;

export interface ContentEditorContext {
  id: number | null;
  categoryId: number | null;
  version: number;
  values: Values;
  initial: Values;
  errors: Errors;
  error: string | null;
  conflict: StaleSave | null;
  /** What the form is built from (the column and its model's fields), as loaded. */
  scaffold: unknown;
  /** The column has an audit flow in force: only the audit publishes. */
  audited: boolean;
  /** The save under way is followed by a submission for review. */
  submitAfterSave: boolean;
  /** The save under way created the item. */
  created: boolean;
  validate: (values: Values, scaffold: unknown) => Errors;
}

export type ContentEditorEvent =
  | { type: 'loaded'; id: number | null; version: number; values: Values; scaffold?: unknown; audited?: boolean }
  | { type: 'load.failed'; message: string }
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'save' }
  | { type: 'save.publish' }
  | { type: 'submit.done' }
  | { type: 'submit.failed' }
  | { type: 'save.done'; id: number; version: number; message: string }
  | { type: 'save.failed'; message: string; field?: string }
  | { type: 'save.conflict'; stale: StaleSave; message: string }
  | { type: 'conflict.reload' }
  | { type: 'conflict.overwrite' }
  | { type: 'reload' };

export interface ContentEditorInput {
  id: number | null;
  categoryId: number | null;
  validate: ContentEditorContext['validate'];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
export const isDirty = (c: Pick<ContentEditorContext, 'values' | 'initial'>) =>
  Object.keys({ ...c.values, ...c.initial }).some((k) => !same(c.values[k], c.initial[k]));

export const contentEditorMachine = setup({
  types: { context: {} as ContentEditorContext, events: {} as ContentEditorEvent, input: {} as ContentEditorInput },
  actions: {
    fetch: (_, _params: { id: number | null; categoryId: number | null }) => {},
    submit: (_, _params: { id: number | null; version: number; values: Values }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    saved: (_, _params: { id: number; created: boolean }) => {},
    submitAudit: (_, _params: { id: number }) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(context.validate(context.values, context.scaffold)).length === 0,
    audited: ({ context }) => context.audited,
    submitAfterSave: ({ context }) => context.submitAfterSave,
  },
}).createMachine({
  id: 'contentEditor',
  context: ({ input }) => ({
    id: input.id,
    categoryId: input.categoryId,
    version: 0,
    values: {},
    initial: {},
    errors: {},
    error: null,
    conflict: null,
    scaffold: null,
    audited: false,
    submitAfterSave: false,
    created: false,
    validate: input.validate,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: { type: 'fetch', params: ({ context }) => ({ id: context.id, categoryId: context.categoryId }) },
      on: {
        loaded: {
          target: 'editing',
          actions: assign({
            id: ({ event }) => event.id,
            version: ({ event }) => event.version,
            values: ({ event }) => event.values,
            initial: ({ event }) => event.values,
            scaffold: ({ event }) => event.scaffold ?? null,
            audited: ({ event }) => event.audited ?? false,
            errors: {},
            error: null,
            conflict: null,
          }),
        },
        'load.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { reload: 'loading' },
    },
    editing: {
      tags: ['editable'],
      on: {
        'field.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }),
            errors: ({ context, event }) => {
              const { [event.name]: _cleared, ...rest } = context.errors;
              return rest;
            },
          }),
        },
        save: [
          {
            guard: 'valid',
            target: 'saving',
            actions: [
              assign({ errors: {}, error: null, submitAfterSave: false }),
              { type: 'submit', params: ({ context }) => ({ id: context.id, version: context.version, values: context.values }) },
            ],
          },
          { actions: assign({ errors: ({ context }) => context.validate(context.values, context.scaffold) }) },
        ],
        'save.publish': [
          // Only the audit publishes here: save as it stands, then submit for review.
          {
            guard: and(['audited', 'valid']),
            target: 'saving',
            actions: [
              assign({ errors: {}, error: null, submitAfterSave: true }),
              { type: 'submit', params: ({ context }) => ({ id: context.id, version: context.version, values: context.values }) },
            ],
          },
          {
            guard: and([not('audited'), 'valid']),
            target: 'saving',
            actions: [
              assign({ errors: {}, error: null, submitAfterSave: false, values: ({ context }) => ({ ...context.values, status: CONTENT_PUBLISHED }) }),
              { type: 'submit', params: ({ context }) => ({ id: context.id, version: context.version, values: context.values }) },
            ],
          },
          { actions: assign({ errors: ({ context }) => context.validate(context.values, context.scaffold) }) },
        ],
        reload: 'loading',
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      on: {
        'save.done': [
          {
            guard: 'submitAfterSave',
            target: 'submitting',
            actions: [
              assign({ created: ({ context }) => context.id === null }),
              assign({ id: ({ event }) => event.id, version: ({ event }) => event.version, initial: ({ context }) => context.values }),
              { type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) },
              { type: 'submitAudit', params: ({ event }) => ({ id: event.id }) },
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'saved', params: ({ context, event }) => ({ id: event.id, created: context.id === null }) },
              assign({ id: ({ event }) => event.id, version: ({ event }) => event.version, initial: ({ context }) => context.values }),
              { type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) },
            ],
          },
        ],
        'save.failed': {
          target: 'editing',
          actions: [
            assign({
              error: ({ event }) => event.message,
              errors: ({ context, event }) => (event.field ? { ...context.errors, [event.field]: event.message } : context.errors),
            }),
            { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) },
          ],
        },
        'save.conflict': { target: 'conflict', actions: assign({ conflict: ({ event }) => event.stale, error: ({ event }) => event.message }) },
      },
    },
    // Saved; the submission for review is under way (its outcome is told by the submitAudit stand-in).
    submitting: {
      tags: ['busy', 'submitting'],
      on: {
        // The stored item (status, audit state) is shown as it is now.
        'submit.done': { target: 'loading', actions: { type: 'saved', params: ({ context }) => ({ id: context.id!, created: context.created }) } },
        'submit.failed': { target: 'editing', actions: { type: 'saved', params: ({ context }) => ({ id: context.id!, created: context.created }) } },
      },
    },
    conflict: {
      tags: ['conflict'],
      on: {
        // Drop my changes and load what was saved meanwhile.
        'conflict.reload': 'loading',
        // Keep my version on purpose: save again against the version now stored.
        'conflict.overwrite': {
          target: 'saving',
          actions: [
            assign({ version: ({ context }) => context.conflict!.version }),
            { type: 'submit', params: ({ context }) => ({ id: context.id, version: context.conflict!.version, values: context.values }) },
          ],
        },
      },
    },
  },
});

/** Edits not yet saved that leaving the page would lose (a save under way is not asked about). */
export const hasUnsavedChanges = (snapshot: SnapshotFrom<typeof contentEditorMachine>) =>
  (snapshot.hasTag('editable') || snapshot.hasTag('conflict')) && isDirty(snapshot.context);
