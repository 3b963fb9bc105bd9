import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { resourceFormView } from './resourceFormView';
import { resourceFormMachine, type Values, type FormContext } from '../../../machines/resourceForm.machine';
import type { ResourceDef } from '../../../models/resource';
import { ApiFailure, get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { hasKey, t } from '../../i18n';
import { validateWith } from '../../i18n/zodErrors';
import { invalidateOptions } from './optionsStore';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The field a 400 answer names (the server says which field failed). */
export function failedField(e: unknown): string | undefined {
  if (!(e instanceof ApiFailure) || e.code !== 400) return undefined;
  const issues = (e.data as { issues?: Array<{ field: string }> } | null)?.issues;
  // "0.url" (an item of an array body) is the form's "url".
  return issues?.[0]?.field?.replace(/^\d+\./, '');
}

/** Connects a resource's form dialog to the form chart. */
export function useResourceForm(def: ResourceDef, onSaved: () => void, prepare: (values: Values) => Values = (v) => v) {
  const validate: FormContext['validate'] = (values, mode) =>
    validateWith(mode === 'create' ? def.create : def.update, prepare(values), (field) => {
      const key = `resources.${def.name}.fields.${field}`;
      return hasKey(key) ? t(key) : undefined;
    });
  const actor = useChart(
    resourceFormMachine.provide({
      actions: {
        fetchRecord: (_, { id }) => {
          // An answer for a record the user has since left (closed, opened another) is dropped.
          const current = () => actor.getSnapshot().context.id === id;
          get<Values>(`/${def.name}/read`, { id })
            .then(({ data }) => current() && actor.send({ type: 'record.loaded', values: data }))
            .catch((e: unknown) => current() && actor.send({ type: 'record.failed', message: messageOf(e) }));
        },
        submitRecord: (_, { mode, id, values }) => {
          const body = prepare(mode === 'edit' ? { ...values, id } : values);
          post(`/${def.name}/${mode === 'create' ? 'save' : 'update'}`, body)
            .then(({ msg }) => actor.send({ type: 'submit.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'submit.failed', message: messageOf(e), field: failedField(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
        saved: () => {
          invalidateOptions(def.name);
          onSaved();
        },
      },
    }),
    { input: { validate } },
  );
  const state = useSelector(actor, (s) => s);
  return {
    ...resourceFormView(state, actor),
    openCreate: (values: Values) => actor.send({ type: 'form.openCreate', values }),
    openEdit: (id: number) => actor.send({ type: 'form.openEdit', id }),
  };
}
export type ResourceForm = ReturnType<typeof useResourceForm>;
