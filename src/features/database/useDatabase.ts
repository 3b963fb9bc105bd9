import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import type { BackupJobResult, BackupSchedule, DatabaseIndex } from '../../../models/database';
import { get, http, post } from '../../api/http';
import { useJob } from '../../app/jobs/useJob';
import { useStore } from '../../app/store';
import { shellStore } from '../../app/shellStore';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A job's error in the reader's language: the server says `database.refused.<reason>[: detail]`. */
export function refusalText(error: string | null): string {
  const m = /^database\.refused\.(\w+)(?::\s*(.*))?$/.exec(error ?? '');
  if (!m) return error ?? '';
  const text = t(`database.refused.${m[1]}`);
  return m[2] ? `${text} (${m[2]})` : text;
}

async function download(name: string) {
  const res = await http.get('/database/download', { params: { name }, responseType: 'blob', timeout: 0 });
  const url = URL.createObjectURL(res.data as Blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Connects /Database/index: the list, the backup and restore jobs (the shared job chart), delete, schedule. */
export function useDatabase() {
  const isSuper = Boolean(useStore(shellStore).current?.is_super);
  const index = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          get<DatabaseIndex>('/database/index')
            .then(({ data }) => index.send({ type: 'loaded', data }))
            .catch((e: unknown) => index.send({ type: 'failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const data = useSelector(index, (s) => s.context.data as DatabaseIndex | null);
  const reload = () => index.send({ type: 'reload' });
  const backup = useJob<void, BackupJobResult>({
    start: () => post<{ job_id: number }>('/database/backup').then(({ data }) => data.job_id),
    onFinished: reload,
  });
  const restore = useJob<{ name: string; password: string }, BackupJobResult>({
    start: (body) => post<{ job_id: number }>('/database/restore', body).then(({ data }) => data.job_id),
    onFinished: reload,
  });
  // Which file a dialog is about, and the password typed: the page's own choices.
  const [deleting, setDeleting] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [schedule, setSchedule] = useState<BackupSchedule | null>(null);
  const shownSchedule = schedule ?? data?.schedule ?? null;
  const idle = !backup.busy && !restore.busy;
  return {
    isSuper,
    index: data,
    files: data?.files ?? [],
    backup,
    restore,
    idle,
    backupError: refusalText(backup.error),
    restoreError: refusalText(restore.error),
    startBackup: () => backup.start(undefined),
    download: (name: string) => download(name).catch((e: unknown) => notify('error', messageOf(e))),
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    deleteBusy,
    confirmDelete: () => {
      if (!deleting) return;
      setDeleteBusy(true);
      post('/database/delete', { name: deleting })
        .then(({ msg }) => notify('success', msg))
        .catch((e: unknown) => notify('error', messageOf(e)))
        .finally(() => {
          setDeleteBusy(false);
          setDeleting(null);
          reload();
        });
    },
    restoring,
    password,
    setPassword,
    askRestore: (name: string) => {
      restore.reset();
      setPassword('');
      setRestoring(name);
    },
    cancelRestore: () => {
      if (!restore.busy) setRestoring(null);
    },
    confirmRestore: () => restoring && password && restore.start({ name: restoring, password }),
    closeRestore: () => {
      setRestoring(null);
      restore.reset();
    },
    schedule: shownSchedule,
    editSchedule: (change: Partial<BackupSchedule>) => shownSchedule && setSchedule({ ...shownSchedule, ...change }),
    saveSchedule: () => {
      if (!shownSchedule) return;
      post<BackupSchedule>('/database/schedule', shownSchedule)
        .then(({ msg }) => {
          notify('success', msg);
          setSchedule(null);
          reload();
        })
        .catch((e: unknown) => notify('error', messageOf(e)));
    },
  };
}
export type DatabaseView = ReturnType<typeof useDatabase>;
