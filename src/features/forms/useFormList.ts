import { useState } from 'react';
import { useLocation } from 'wouter';
import { formResource } from '../../../models/resources/forms';
import type { Form } from '../../../models/form';
import { post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { useResourceScreen } from '../resource/ResourceView';

export const DESIGN_PATH = '/form/design';
export const DETAIL_PATH = '/form/detail';
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /Form/index: the declared resource's list and dialog, plus publish/unpublish, design and data links,
 * and uninstall behind a confirm that names how many submissions go with it.
 */
export function useFormList() {
  const { list, form } = useResourceScreen(formResource);
  const [, navigate] = useLocation();
  const [uninstalling, setUninstalling] = useState<Form | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const run = async (id: number, call: () => Promise<unknown>) => {
    setBusyId(id);
    try {
      await call();
      list.reload();
    } catch (e) {
      notify('error', messageOf(e));
    } finally {
      setBusyId(null);
    }
  };

  return {
    list,
    form,
    busyId,
    uninstalling,
    togglePublish: (row: Form) =>
      run(row.id, async () => {
        const status = row.status === 'published' ? 'unpublished' : 'published';
        await post('/form/status', { id: row.id, status });
        notify('success', t(status === 'published' ? 'forms.published' : 'forms.unpublished'));
      }),
    design: (row: Form) => navigate(`${DESIGN_PATH}?id=${row.id}`),
    data: (row: Form) => navigate(`${DETAIL_PATH}?id=${row.id}`),
    askUninstall: (row: Form) => setUninstalling(row),
    cancelUninstall: () => setUninstalling(null),
    confirmUninstall: () => {
      const row = uninstalling;
      if (!row) return;
      void run(row.id, async () => {
        const res = await post<{ cleared: number }>('/form/uninstall', { id: row.id });
        notify('success', t('forms.uninstalled', { count: res.data.cleared }));
        setUninstalling(null);
      });
    },
  };
}
