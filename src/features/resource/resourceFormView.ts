import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isDirty, type resourceFormMachine } from '../../../machines/resourceForm.machine';

type FormActor = ActorRefFrom<typeof resourceFormMachine>;

/**
 * What every dialog form built on the resource-form chart shows and does (resource forms, plugin settings,
 * rank settings, model fields …): the chart's tags as flags, its values and errors, and the intents a dialog
 * sends. Each form hook adds only what is its own (how it opens, extra read-outs).
 */
export function resourceFormView(state: SnapshotFrom<typeof resourceFormMachine>, actor: FormActor) {
  const { context } = state;
  return {
    open: state.hasTag('open'),
    busy: state.hasTag('busy'),
    submitting: state.hasTag('submitting'),
    loadingRecord: state.hasTag('loadingRecord'),
    editable: state.hasTag('editable'),
    confirmingClose: state.hasTag('confirming'),
    mode: context.mode,
    values: context.values,
    errors: context.errors,
    error: context.error,
    dirty: isDirty(context),
    change: (name: string, value: unknown) => actor.send({ type: 'field.change', name, value }),
    submit: () => actor.send({ type: 'form.submit' }),
    close: () => actor.send({ type: 'form.close' }),
    confirmClose: () => actor.send({ type: 'close.confirm' }),
    cancelClose: () => actor.send({ type: 'close.cancel' }),
  };
}
