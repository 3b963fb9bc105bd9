import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { resourceFormMachine, hasUnsavedChanges, isDirty, type FieldErrors, type Values } from '../../../machines/resourceForm.machine';
import { notify } from '../../components/Toaster';
import { failedField } from '../resource/useResourceForm';
import { useUnsavedChanges } from '../../app/useUnsavedChanges';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface PageFormOptions {
  /** Client-side check with the shared schema. */
  validate: (values: Values, mode: 'create' | 'edit') => FieldErrors;
  /** Loads the record being edited. */
  load: (id: number) => Promise<Values>;
  /** Saves and answers the server's message. */
  save: (values: Values, mode: 'create' | 'edit', id: number | null) => Promise<string>;
  /** After a successful save (the form chart is then closed). */
  onSaved?: (values: Values, mode: 'create' | 'edit', id: number | null) => void;
}

/**
 * A form page or dialog whose calls are not one resource's save/update (column add/edit, site settings,
 * the attachment screen's forms) driven by the same form chart as the resource
 * dialogs: start it empty or from a record, edit, validate with the shared schema, save.
 */
export function usePageForm(options: PageFormOptions) {
  // The chart's actions are bound once; they read the newest options through this ref.
  const opts = useRef(options);
  opts.current = options;
  const actor = useChart(
    resourceFormMachine.provide({
      actions: {
        fetchRecord: (_, { id }) => {
          const current = () => actor.getSnapshot().context.id === id;
          opts.current
            .load(id)
            .then((values) => current() && actor.send({ type: 'record.loaded', values }))
            .catch((e: unknown) => current() && actor.send({ type: 'record.failed', message: messageOf(e) }));
        },
        submitRecord: (_, { mode, id, values }) => {
          opts.current
            .save(values, mode, id)
            .then((message) => actor.send({ type: 'submit.done', message }))
            .catch((e: unknown) => actor.send({ type: 'submit.failed', message: messageOf(e), field: failedField(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
        saved: () => {
          const { values, mode, id } = actor.getSnapshot().context;
          opts.current.onSaved?.(values, mode, id);
        },
      },
    }),
    { input: { validate: (values, mode) => opts.current.validate(values, mode) } },
  );
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  // Every page form guards its page: leaving, closing its tab or the window asks before dropping unsaved work.
  const unsaved = hasUnsavedChanges(state);
  useUnsavedChanges(unsaved);
  return {
    open: state.hasTag('open'),
    busy: state.hasTag('busy'),
    submitting: state.hasTag('submitting'),
    loading: state.hasTag('loadingRecord'),
    editable: state.hasTag('editable'),
    mode: context.mode,
    id: context.id,
    values: context.values,
    errors: context.errors,
    /** A submit was refused for missing or invalid fields ('please fill in required information'). */
    invalid: Object.keys(context.errors).length > 0,
    error: context.error,
    /** Closing with unsaved changes waits for confirmation (dialog forms). */
    confirmingClose: state.hasTag('confirming'),
    dirty: isDirty(context),
    /** Unsaved work a full-page form guards against leaving. */
    unsaved,
    startCreate: (values: Values) => actor.send({ type: 'form.openCreate', values }),
    startEdit: (id: number) => actor.send({ type: 'form.openEdit', id }),
    /** Drops the form (unsaved changes are discarded) so it can be started again. */
    reset: () => {
      actor.send({ type: 'form.close' });
      actor.send({ type: 'close.confirm' });
    },
    change: (name: string, value: unknown) => actor.send({ type: 'field.change', name, value }),
    submit: () => actor.send({ type: 'form.submit' }),
    close: () => actor.send({ type: 'form.close' }),
    confirmClose: () => actor.send({ type: 'close.confirm' }),
    cancelClose: () => actor.send({ type: 'close.cancel' }),
  };
}
export type PageForm = ReturnType<typeof usePageForm>;
