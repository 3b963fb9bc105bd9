import { post } from '../../api/http';
import { useJob } from '../../app/jobs/useJob';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { LINKED_BACK, type LinkCheckResult } from '../../../models/friendLink';

/**
 * "Check back-link": one job per click (POST /link/check), followed through the shared job chart; when it
 * ends the admin is told the outcome and `onChecked` reloads what shows the records.
 */
export function useLinkCheck(onChecked: () => void) {
  const job = useJob<{ ids: number[] }, LinkCheckResult>({
    start: (params) => post<{ job_id: number }>('/link/check', params).then(({ data }) => data.job_id),
    onFinished: (status, result, error) => {
      if (status === 'done' && result) {
        const found = LINKED_BACK.reduce((n, s) => n + (result[s] ?? 0), 0);
        notify('success', t('links.checkDone', { checked: result.checked, found }));
      } else if (status === 'failed') notify('error', t('links.checkFailed', { error: error ?? '' }));
      onChecked();
    },
  });
  return {
    busy: job.busy,
    progress: job.progress,
    /** Checks these links; a finished earlier run is cleared first. */
    check: (ids: number[]) => {
      if (!ids.length || job.busy) return;
      if (job.canReset) job.reset();
      job.start({ ids });
    },
    cancel: job.cancel,
    cancellable: job.cancellable,
  };
}
export type LinkCheckView = ReturnType<typeof useLinkCheck>;
