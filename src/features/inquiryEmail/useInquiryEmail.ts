import { useEffect, useState } from 'react';
import { useLoader } from '../../app/useLoader';
import { useJob } from '../../app/jobs/useJob';
import { get, post } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import type { InquiryEmail, MailboxStatus, MailPullResult } from '../../../models/inquiryEmail';

// /InquiryEmail/index: the mailbox's status, "pull now" (a background job followed through the shared job
// chart and progress actor; a pull already under way, e.g. a scheduled one, is followed too) and the
// messages pulled into the current site.

const PAGE_SIZE = 20;

export function useInquiryEmail() {
  const siteId = useStore(currentSiteStore);
  const [page, setPage] = useState(1);
  const status = useLoader(() => get<MailboxStatus>('/inquiryEmail/status').then(({ data }) => data));
  const list = useLoader(() =>
    get<InquiryEmail[]>('/inquiryEmail/index', { page, limit: PAGE_SIZE }).then((res) => ({ rows: res.data, count: res.count ?? res.data.length })),
  );
  // "Starting" with a known id follows a pull that is already under way.
  const job = useJob<number | null, MailPullResult>({
    start: (known) => (known ? Promise.resolve(known) : post<{ job_id: number }>('/inquiryEmail/pull').then(({ data }) => data.job_id)),
    onFinished: (outcome, result, error) => {
      if (outcome === 'done' && result) notify('success', t('inquiryEmail.pulled', { created: result.created, seen: result.seen }));
      else if (outcome === 'failed') notify('error', error ?? '');
      status.reload();
      list.reload();
    },
  });
  const runningId = status.data?.running_job_id ?? null;
  useEffect(() => {
    if (runningId && job.canStart && job.jobId !== runningId) job.start(runningId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runningId]);
  useEffect(() => {
    if (siteId) list.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteId, page]);
  const count = list.data?.count ?? 0;
  return {
    status: status.data,
    statusFailed: status.failed,
    rows: list.data?.rows ?? [],
    loaded: list.data !== null,
    count,
    page,
    pages: Math.max(1, Math.ceil(count / PAGE_SIZE)),
    goTo: (p: number) => setPage(p),
    running: job.running,
    starting: job.starting,
    progress: job.progress,
    startError: job.idle ? job.error : null,
    canPull: Boolean(status.data?.configured) && (job.canStart || job.canReset),
    pull: () => {
      if (job.canReset) job.reset();
      job.start(null);
    },
  };
}
export type InquiryEmailView = ReturnType<typeof useInquiryEmail>;
