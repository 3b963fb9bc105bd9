import { useEffect, useState } from 'react';
import { useLoader } from '../../app/useLoader';
import { useJob } from '../../app/jobs/useJob';
import { get, post } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import type { SeoComparison, SeoReport, SeoReportSummary } from '../../../models/seoReport';

// The SEO diagnosis screens' connect hooks: the report list with the running diagnosis (followed through the
// shared job chart and progress actor), and one report with its comparison against another.

const listReports = () => get<SeoReportSummary[]>('/seoCheck/index', { limit: 50 }).then(({ data }) => data);

/** /seoCheck/index: start a diagnosis, follow it, list the site's reports. */
export function useSeoCheck() {
  const siteId = useStore(currentSiteStore);
  const reports = useLoader(listReports);
  const job = useJob<void, { report_id: number }>({
    start: () =>
      post<{ id: number; job_id: number }>('/seoCheck/start').then(({ data }) => {
        reports.reload();
        return data.job_id;
      }),
    onFinished: () => reports.reload(),
  });
  // Another site chosen in the switcher: its reports.
  useEffect(() => {
    if (siteId) reports.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteId]);
  return {
    reports: reports.data ?? [],
    loaded: reports.data !== null,
    running: job.running,
    cancelling: job.cancelling,
    finished: job.finished,
    succeeded: job.succeeded,
    failed: job.failed,
    startError: job.idle ? job.error : null,
    jobError: job.failed ? job.error : null,
    progress: job.progress,
    starting: job.starting,
    canStart: job.canStart || job.canReset,
    canCancel: job.cancellable,
    /** The report the finished run wrote. */
    lastReportId: job.result?.report_id ?? null,
    start: () => {
      if (job.canReset) job.reset();
      job.start(undefined);
    },
    cancel: job.cancel,
  };
}
export type SeoCheck = ReturnType<typeof useSeoCheck>;

/** /seoCheck/report?id=: one report; while it is testing, its job is followed until it ends. */
export function useSeoReport(id: number, initialBase: number | null = null) {
  const report = useLoader(() => get<SeoReport>('/seoCheck/read', { id }).then(({ data }) => data));
  const others = useLoader(listReports);
  const [baseId, setBaseId] = useState<number | null>(initialBase);
  const comparison = useLoader(() =>
    baseId ? get<SeoComparison>('/seoCheck/compare', { base: baseId, id }).then(({ data }) => data) : Promise.resolve(null),
  );
  const data = report.data;
  // The report's own job: "starting" it resolves to the job it already has, and the shared chart follows it.
  const job = useJob<number, unknown>({ start: (jobId) => Promise.resolve(jobId), onFinished: () => report.reload() });
  const testing = data?.id === id && data.state === 'testing' && data.job_id !== null;
  useEffect(() => {
    if (testing && job.canStart) job.start(data!.job_id!);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [testing]);
  useEffect(() => {
    report.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(() => {
    comparison.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [baseId, id]);
  const completed = (others.data ?? []).filter((r) => r.state === 'completed' && r.id !== id);
  return {
    report: data?.id === id ? data : null,
    notFound: report.failed,
    testing,
    progress: testing ? Math.max(job.progress, data?.progress ?? 0) : 100,
    canCancel: !!data?.can_cancel && job.cancellable,
    cancel: job.cancel,
    /** Completed reports of the site this one may be compared with (newest first). */
    compareOptions: completed,
    baseId,
    compareWith: setBaseId,
    comparison: baseId ? comparison.data : null,
  };
}
export type SeoReportView = ReturnType<typeof useSeoReport>;
