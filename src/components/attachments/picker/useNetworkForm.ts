import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../../app/useChart';
import { resourceFormMachine } from '../../../../machines/resourceForm.machine';
import { ATTACHMENT_TYPE, NetworkAttachment, type Attachment } from '../../../../models/attachment';
import { post } from '../../../api/http';
import { validateWith } from '../../../i18n/zodErrors';
import { notify } from '../../Toaster';
import { failedField } from '../../../features/resource/useResourceForm';
import type { AttachmentPickerHandle } from './useAttachmentPicker';
import { picked } from './pickedAttachment';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const EMPTY = { name: '', url: '', description: '' };

/**
 * The picker's network-address form (spec §5: name and address required), on the shared form chart.
 * Saved addresses go to the category being browsed and are chosen at once; in an image picker they
 * are saved as images.
 */
export function useNetworkForm(picker: AttachmentPickerHandle, cateId: number) {
  const saved = useRef<Attachment | null>(null);
  const body = (values: Record<string, unknown>) => ({
    ...values,
    storage: 5,
    attachment_cate_id: cateId,
    ...(picker.kind ? { type: ATTACHMENT_TYPE[picker.kind] } : {}),
  });
  const actor = useChart(
    resourceFormMachine.provide({
      actions: {
        fetchRecord: () => {},
        submitRecord: (_, { values }) => {
          post<Attachment[]>('/attachment/save', [body(values)])
            .then(({ data, msg }) => {
              saved.current = data[0] ?? null;
              actor.send({ type: 'submit.done', message: msg });
            })
            .catch((e: unknown) => {
              // The server names the failing field as "<index>.<field>".
              const field = failedField(e)?.replace(/^\d+\./, '');
              actor.send({ type: 'submit.failed', message: messageOf(e), field });
            });
        },
        notify: (_, { kind, message }) => notify(kind, message),
        saved: () => saved.current && picker.networkAdded(picked(saved.current)),
      },
    }),
    { input: { validate: (values) => validateWith(NetworkAttachment, body(values)) } },
  );
  const state = useSelector(actor, (s) => s);
  // The form opens with the picker's network view and closes with it.
  useEffect(() => {
    if (picker.network && !state.hasTag('open')) actor.send({ type: 'form.openCreate', values: EMPTY });
    if (!picker.network && state.hasTag('open')) {
      actor.send({ type: 'form.close' });
      actor.send({ type: 'close.confirm' });
    }
  }, [picker.network]);
  const { values, errors, error } = state.context;
  return {
    values: values as typeof EMPTY,
    errors,
    error,
    submitting: state.hasTag('submitting'),
    change: (name: keyof typeof EMPTY, value: string) => actor.send({ type: 'field.change', name, value }),
    submit: () => actor.send({ type: 'form.submit' }),
  };
}
export type NetworkForm = ReturnType<typeof useNetworkForm>;
