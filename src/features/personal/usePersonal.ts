import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { resourceFormMachine, isDirty, type Values } from '../../../machines/resourceForm.machine';
import { SelfUpdate } from '../../../models/admin';
import { get, post } from '../../api/http';
import { layout, session } from '../../app/root';
import { shellStore } from '../../app/shellStore';
import { useStore } from '../../app/store';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { validateWith } from '../../i18n/zodErrors';
import { failedField } from '../resource/useResourceForm';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const body = ({ name, phone, code_auth, old_password, password }: Values) => ({ name, phone, code_auth, old_password, password });

/** The personal-center dialog: the form chart bound to /admin/self and /admin/selfUpdate. */
export function usePersonal() {
  const actor = useChart(
    resourceFormMachine.provide({
      actions: {
        fetchRecord: () => {
          get<{ user: Values }>('/admin/self')
            .then(({ data }) => actor.send({ type: 'record.loaded', values: { ...data.user, old_password: '', password: '', confirm: '' } }))
            .catch((e: unknown) => actor.send({ type: 'record.failed', message: messageOf(e) }));
        },
        submitRecord: (_, { values }) => {
          post('/admin/selfUpdate', body(values))
            .then(({ msg }) => {
              if (values.password) {
                session.send({ type: 'password.changed' });
                const shell = shellStore.get();
                if (shell.current) shellStore.set({ ...shell, current: { ...shell.current, pass_tips: false } });
              }
              actor.send({ type: 'submit.done', message: msg });
            })
            .catch((e: unknown) => actor.send({ type: 'submit.failed', message: messageOf(e), field: failedField(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
      },
    }),
    {
      input: {
        validate: (values) => {
          const errors = validateWith(SelfUpdate, body(values));
          if ((values.password || values.confirm) && values.password !== values.confirm) errors.confirm = t('personal.mismatch');
          return errors;
        },
      },
    },
  );
  const state = useSelector(actor, (s) => s);
  const layoutOpen = useSelector(layout, (s) => s.hasTag('personalOpen'));
  const open = state.hasTag('open');
  useEffect(() => {
    if (layoutOpen && !actor.getSnapshot().hasTag('open')) actor.send({ type: 'form.openEdit', id: 0 });
  }, [layoutOpen, actor]);
  // The layout learns that the dialog closed, once it has been open: on its first render the form is not open yet
  // (the effect above opens it), which must not tell the layout it closed.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open && layout.getSnapshot().hasTag('personalOpen')) layout.send({ type: 'personal.close' });
    wasOpen.current = open;
  }, [open]);
  const passTips = useStore(shellStore).current?.pass_tips ?? false;
  return {
    open,
    passTips,
    loading: state.hasTag('loadingRecord'),
    submitting: state.hasTag('submitting'),
    confirmingClose: state.hasTag('confirming'),
    values: state.context.values,
    errors: state.context.errors,
    error: state.context.error,
    dirty: isDirty(state.context),
    change: (name: string, value: unknown) => actor.send({ type: 'field.change', name, value }),
    submit: () => actor.send({ type: 'form.submit' }),
    close: () => actor.send({ type: 'form.close' }),
    confirmClose: () => actor.send({ type: 'close.confirm' }),
    cancelClose: () => actor.send({ type: 'close.cancel' }),
  };
}
