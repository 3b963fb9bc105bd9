import { assign, setup, type SnapshotFrom } from 'xstate';

// Any resource's create/edit dialog: open empty or load a record, edit fields, validate with the shared
// schema (the app passes `validate` in the input), submit, and ask before discarding unsaved changes.
// The app provides fetchRecord (GET {name}/read → record.loaded / record.failed), submitRecord
// (POST save|update → submit.done / submit.failed), notify and saved (tell the list to reload).

export type Values = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

export interface FormContext {
  mode: 'create' | 'edit';
  id: number | null;
  values: Values;
  initial: Values;
  errors: FieldErrors;
  error: string | null;
  validate: (values: Values, mode: 'create' | 'edit') => FieldErrors;
}

export type FormEvent =
  | { type: 'form.openCreate'; values: Values }
  | { type: 'form.openEdit'; id: number }
  | { type: 'record.loaded'; values: Values }
  | { type: 'record.failed'; message: string }
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'submit.done'; message: string }
  | { type: 'submit.failed'; message: string; field?: string }
  | { type: 'form.close' }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' };

export interface FormInput {
  validate: FormContext['validate'];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
export const isDirty = (c: Pick<FormContext, 'values' | 'initial'>) =>
  Object.keys({ ...c.values, ...c.initial }).some((k) => !same(c.values[k], c.initial[k]));

export const resourceFormMachine = setup({
  types: { context: {} as FormContext, events: {} as FormEvent, input: {} as FormInput },
  actions: {
    fetchRecord: (_, _params: { id: number }) => {},
    submitRecord: (_, _params: { mode: 'create' | 'edit'; id: number | null; values: Values }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    saved: () => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(context.validate(context.values, context.mode)).length === 0,
    dirty: ({ context }) => isDirty(context),
  },
}).createMachine({
  id: 'resourceForm',
  context: ({ input }) => ({ mode: 'create', id: null, values: {}, initial: {}, errors: {}, error: null, validate: input.validate }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'form.openCreate': {
          target: 'editing',
          actions: assign({ mode: 'create', id: null, values: ({ event }) => event.values, initial: ({ event }) => event.values, errors: {}, error: null }),
        },
        'form.openEdit': {
          target: 'loading',
          actions: [assign({ mode: 'edit', id: ({ event }) => event.id, values: {}, initial: {}, errors: {}, error: null }), { type: 'fetchRecord', params: ({ event }) => ({ id: event.id }) }],
        },
      },
    },
    loading: {
      tags: ['open', 'busy', 'loadingRecord'],
      on: {
        'record.loaded': { target: 'editing', actions: assign({ values: ({ event }) => event.values, initial: ({ event }) => event.values }) },
        'record.failed': { target: 'closed', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) } },
        'form.close': 'closed',
      },
    },
    editing: {
      tags: ['open', 'editable'],
      on: {
        'field.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }),
            errors: ({ context, event }) => {
              const { [event.name]: _dropped, ...rest } = context.errors;
              return rest;
            },
          }),
        },
        'form.submit': [
          {
            guard: 'valid',
            target: 'submitting',
            actions: [
              assign({ errors: {}, error: null }),
              { type: 'submitRecord', params: ({ context }) => ({ mode: context.mode, id: context.id, values: context.values }) },
            ],
          },
          { actions: assign({ errors: ({ context }) => context.validate(context.values, context.mode) }) },
        ],
        'form.close': [{ guard: 'dirty', target: 'confirmingClose' }, { target: 'closed' }],
      },
    },
    submitting: {
      tags: ['open', 'busy', 'submitting'],
      on: {
        'submit.done': {
          target: 'closed',
          actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) }, 'saved'],
        },
        'submit.failed': {
          target: 'editing',
          actions: assign({
            error: ({ event }) => event.message,
            errors: ({ context, event }) => (event.field ? { ...context.errors, [event.field]: event.message } : context.errors),
          }),
        },
      },
    },
    confirmingClose: {
      tags: ['open', 'confirming'],
      on: {
        'close.confirm': 'closed',
        'close.cancel': 'editing',
      },
    },
  },
});

/** Edits not yet saved that leaving the page would lose (a save under way, or a closed form, is not asked about). */
export const hasUnsavedChanges = (snapshot: SnapshotFrom<typeof resourceFormMachine>) => snapshot.hasTag('editable') && isDirty(snapshot.context);
