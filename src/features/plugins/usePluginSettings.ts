import { useRef, useState } from 'react';
import { resourceFormView } from '../resource/resourceFormView';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { resourceFormMachine, type Values } from '../../../machines/resourceForm.machine';
import type { PluginSettingsField, PluginSettingsView } from '../../../models/plugin';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { failedField } from '../resource/useResourceForm';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A plugin's settings form on the shared form chart: the fields come from the plugin's manifest (labels in the
 * reader's language), secrets are write-only (empty keeps the stored one), the server validates and names the field.
 */
export function usePluginSettings(onSaved: () => void = () => {}) {
  const plugin = useRef('');
  const [fields, setFields] = useState<PluginSettingsField[]>([]);
  const [secretsSet, setSecretsSet] = useState<Record<string, boolean>>({});
  const actor = useChart(
    resourceFormMachine.provide({
      actions: {
        fetchRecord: () => {
          get<PluginSettingsView>('/plugin/settings', { id: plugin.current })
            .then(({ data }) => {
              setFields(data.fields);
              const secrets = Object.fromEntries(data.fields.filter((f) => f.type === 'password').map((f) => [f.name, data.values[`${f.name}_set`] === true]));
              setSecretsSet(secrets);
              const values: Values = Object.fromEntries(data.fields.map((f) => [f.name, data.values[f.name]]));
              actor.send({ type: 'record.loaded', values });
            })
            .catch((e: unknown) => actor.send({ type: 'record.failed', message: messageOf(e) }));
        },
        submitRecord: (_, { values }) => {
          post('/plugin/saveSettings', { id: plugin.current, values })
            .then(({ msg }) => actor.send({ type: 'submit.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'submit.failed', message: messageOf(e), field: failedField(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
        saved: () => onSaved(),
      },
    }),
    { input: { validate: () => ({}) } },
  );
  const state = useSelector(actor, (s) => s);
  return {
    ...resourceFormView(state, actor),
    loading: state.hasTag('loadingRecord'),
    fields,
    secretsSet,
    openFor: (id: string) => {
      plugin.current = id;
      setFields([]);
      actor.send({ type: 'form.openEdit', id: 0 });
    },
  };
}
export type PluginSettingsForm = ReturnType<typeof usePluginSettings>;
