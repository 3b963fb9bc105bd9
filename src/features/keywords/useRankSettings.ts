import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { resourceFormView } from '../resource/resourceFormView';
import { resourceFormMachine, type FormContext, type Values } from '../../../machines/resourceForm.machine';
import { RankSettings, type RankSettingsView } from '../../../models/keyword';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { hasKey, t } from '../../i18n';
import { validateWith } from '../../i18n/zodErrors';
import { failedField } from '../resource/useResourceForm';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const SETTINGS_ID = 1;

/** The rank provider's settings dialog, on the shared form chart (one record per site, read and saved whole). */
export function useRankSettings() {
  const validate: FormContext['validate'] = (values) =>
    validateWith(RankSettings, values, (field) => {
      const key = `resources.rankSetting.fields.${field}`;
      return hasKey(key) ? t(key) : undefined;
    });
  const actor = useChart(
    resourceFormMachine.provide({
      actions: {
        fetchRecord: () => {
          get<RankSettingsView>('/keyword/rankSettings')
            .then(({ data }) => actor.send({ type: 'record.loaded', values: data as unknown as Values }))
            .catch((e: unknown) => actor.send({ type: 'record.failed', message: messageOf(e) }));
        },
        submitRecord: (_, { values }) => {
          const { has_api_key: _k, last_run_at: _l, domain: _d, ...body } = values;
          post('/keyword/rankSettings', body)
            .then(({ msg }) => actor.send({ type: 'submit.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'submit.failed', message: messageOf(e), field: failedField(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
        saved: () => {},
      },
    }),
    { input: { validate } },
  );
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  return {
    ...resourceFormView(state, actor),
    domain: String(context.values.domain ?? ''),
    lastRun: (context.values.last_run_at as string | null | undefined) ?? null,
    openSettings: () => actor.send({ type: 'form.openEdit', id: SETTINGS_ID }),
  };
}
export type RankSettingsForm = ReturnType<typeof useRankSettings>;
