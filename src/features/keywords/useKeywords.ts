import { keywordResource } from '../../../models/resources/keywords';
import type { RankJobResult } from '../../../models/keyword';
import { http, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { useJob } from '../../app/jobs/useJob';
import { useResourceScreen } from '../resource/ResourceView';
import { useKeywordImport } from './useKeywordImport';
import { useRankSettings } from './useRankSettings';
import { useRankTrend } from './useRankTrend';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The export is behind the session header, so it is fetched and saved rather than linked. */
async function download(format: 'csv' | 'xlsx', filters: Record<string, unknown>) {
  const res = await http.get('/keyword/export', { params: { format, ...filters }, responseType: 'blob', timeout: 60_000 });
  const url = URL.createObjectURL(res.data as Blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: `keywords.${format}` });
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * The keyword screen: the declared resource's list and form, the status and internal-link switches
 * (one row or the selection), import and export, the rank settings, a keyword's trend, and "check now"
 * on the shared job chart.
 */
export function useKeywords() {
  const { list, form } = useResourceScreen(keywordResource);
  const trend = useRankTrend();
  const importer = useKeywordImport(list.reload);
  const settings = useRankSettings();
  const job = useJob<{ ids: number[] }, RankJobResult>({
    start: (params) => post<{ job_id: number }>('/keyword/check', params).then(({ data }) => data.job_id),
    onFinished: (status, result, error) => {
      list.reload();
      trend.reload();
      if (status === 'done' && result) notify('success', t('keywords.checkDone', { found: result.found, notFound: result.not_found, errors: result.errors }));
      if (status === 'failed') notify('error', t('keywords.checkFailed', { error: error ?? '' }));
    },
  });
  const change = (url: string, body: Record<string, unknown>) =>
    post(url, body)
      .then(({ msg }) => {
        notify('success', msg);
        list.reload();
      })
      .catch((e: unknown) => notify('error', messageOf(e)));
  return {
    list,
    form,
    trend,
    importer,
    settings,
    checking: job.busy,
    checkProgress: job.progress,
    setStatus: (ids: number[], status: 1 | 2) => void change('/keyword/status', { ids, status }),
    setInnerLink: (ids: number[], value: boolean) => void change('/keyword/innerLink', { ids, inner_link: value }),
    exportAs: (format: 'csv' | 'xlsx') => void download(format, list.query.filters).catch((e: unknown) => notify('error', messageOf(e))),
    checkNow: () => {
      // A finished run is put back to idle before the next one starts.
      if (job.canReset) job.reset();
      job.start({ ids: [] });
    },
  };
}
