import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { storageTestMachine } from '../../../machines/storageTest.machine';
import type { SysSettingGroup, SysSettingsView } from '../../../models/sysSettings';
import { get, post } from '../../api/http';
import { useStore } from '../../app/store';
import { notify } from '../../components/Toaster';
import { shellStore } from '../../app/shellStore';
import { validateWith } from '../../i18n/zodErrors';
import { usePageForm, type PageForm } from '../website/usePageForm';
import { fromFormValues, GROUP_SCHEMAS, toFormValues } from './sysSettingsForm';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** The settings are one record; the form chart wants an id to load. */
const RECORD = 1;

/** GET /sysSetting/index once for every group that starts at the same moment. */
function useSharedView() {
  const pending = useRef<Promise<SysSettingsView> | null>(null);
  return () => {
    if (!pending.current) {
      const request = get<SysSettingsView>('/sysSetting/index').then((r) => r.data);
      pending.current = request;
      void request.finally(() => setTimeout(() => pending.current === request && (pending.current = null))).catch(() => undefined);
    }
    return pending.current;
  };
}

/** The shell's footer shows the saved copyright and filing number at once. */
function showFooter(values: Record<string, unknown>) {
  const shell = shellStore.get();
  if (shell.info) shellStore.set({ ...shell, info: { ...shell.info, copyright: String(values.copyright ?? ''), filing_number: String(values.filing_number ?? '') } });
}

/** One group of settings on the shared form chart: loaded, edited, checked with its schema, saved, reloaded. */
function useGroupForm(group: SysSettingGroup, view: () => Promise<SysSettingsView>): PageForm {
  const form = usePageForm({
    validate: (values) => validateWith(GROUP_SCHEMAS[group], fromFormValues(group, values)),
    load: async () => toFormValues(group, await view()),
    save: async (values) => (await post('/sysSetting/update', { group, values: fromFormValues(group, values) })).msg,
    // Saved: load again, so the form shows what the server kept (the secret goes back to blank).
    onSaved: (values) => {
      if (group === 'site') showFooter(values);
      form.startEdit(RECORD);
    },
  });
  return form;
}

/** The storage group's "test connection": the settings as typed, tried by the server. */
function useStorageTest(storage: PageForm) {
  const actor = useChart(
    storageTestMachine.provide({
      actions: {
        runTest: (_, { values }) => {
          post('/sysSetting/testStorage', fromFormValues('storage', values))
            .then(({ msg }) => actor.send({ type: 'test.passed', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'test.failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  // A changed field makes the last answer stale.
  useEffect(() => actor.send({ type: 'settings.changed' }), [storage.values]);
  return {
    testing: state.hasTag('busy'),
    passed: state.hasTag('passed'),
    failed: state.hasTag('failed'),
    message: state.context.message,
    canRun: state.can({ type: 'test.run', values: {} }),
    run: () => actor.send({ type: 'test.run', values: storage.values }),
  };
}
export type StorageTest = ReturnType<typeof useStorageTest>;

/** The mail group's "send test message": the settings as typed, sent by the server to the address given. */
function useMailTest(mail: PageForm) {
  const [to, setTo] = useState('');
  const actor = useChart(
    storageTestMachine.provide({
      actions: {
        runTest: (_, { values }) => {
          post('/sysSetting/testMail', values)
            .then(({ msg }) => actor.send({ type: 'test.passed', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'test.failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  useEffect(() => actor.send({ type: 'settings.changed' }), [mail.values, to]);
  return {
    to,
    setTo,
    testing: state.hasTag('busy'),
    passed: state.hasTag('passed'),
    message: state.context.message,
    canRun: to.trim() !== '' && state.can({ type: 'test.run', values: {} }),
    run: () => actor.send({ type: 'test.run', values: { to: to.trim(), values: fromFormValues('mail', mail.values) } }),
  };
}
export type MailTest = ReturnType<typeof useMailTest>;

/** The mail group's "test receiving": the server signs in to the mailbox as typed and opens the folder; the answer is a toast (errors stay longer). */
function useImapTest(mail: PageForm) {
  const actor = useChart(
    storageTestMachine.provide({
      actions: {
        runTest: (_, { values }) => {
          post('/sysSetting/testImap', { values })
            .then(({ msg }) => {
              notify('success', msg);
              actor.send({ type: 'test.passed', message: msg });
            })
            .catch((e: unknown) => {
              notify('error', messageOf(e));
              actor.send({ type: 'test.failed', message: messageOf(e) });
            });
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  useEffect(() => actor.send({ type: 'settings.changed' }), [mail.values]);
  return {
    testing: state.hasTag('busy'),
    passed: state.hasTag('passed'),
    failed: state.hasTag('failed'),
    canRun: state.can({ type: 'test.run', values: {} }),
    run: () => actor.send({ type: 'test.run', values: fromFormValues('mail', mail.values) }),
  };
}
export type ImapTest = ReturnType<typeof useImapTest>;

/** The system settings screen: upload, footer and company for every admin with the menu; storage, session and mail for super-admins. */
export function useSysSettings() {
  const isSuper = Boolean(useStore(shellStore).current?.is_super);
  const view = useSharedView();
  const upload = useGroupForm('upload', view);
  const storage = useGroupForm('storage', view);
  const site = useGroupForm('site', view);
  const session = useGroupForm('session', view);
  const mail = useGroupForm('mail', view);
  const company = useGroupForm('company', view);
  const storageTest = useStorageTest(storage);
  const mailTest = useMailTest(mail);
  const imapTest = useImapTest(mail);
  useEffect(() => {
    upload.startEdit(RECORD);
    site.startEdit(RECORD);
    company.startEdit(RECORD);
    if (isSuper) {
      storage.startEdit(RECORD);
      session.startEdit(RECORD);
      mail.startEdit(RECORD);
    }
    // Once per screen; the intents are stable.
  }, []);
  return { isSuper, upload, storage, site, company, session, storageTest, mail, mailTest, imapTest };
}
