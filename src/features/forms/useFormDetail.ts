import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import { get, http } from '../../api/http';
import { notify } from '../../components/Toaster';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import type { FormStatistics, FormSubmission, FormWithDesign } from '../../../models/form';
import { formFields, type FormRule } from '../../../models/formRules';
import { DEFAULT_PAGE_SIZE } from '../../../models/constants';
import { useQueryParam } from '../module/useQueryParam';
import { DETAIL_PATH } from './useFormList';

export interface SubmissionFilters {
  start: string;
  end: string;
  keyword: string;
}
interface Page {
  rows: FormSubmission[];
  count: number;
}
interface Head {
  form: FormWithDesign;
  statistics: FormStatistics | null;
}
const EMPTY: SubmissionFilters = { start: '', end: '', keyword: '' };
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function useLoader<T>(load: () => Promise<T>) {
  const loadRef = useRef(load);
  loadRef.current = load;
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          loadRef
            .current()
            .then((data) => actor.send({ type: 'loaded', data }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  return { data: state.context.data as T | null, busy: state.hasTag('busy'), failed: state.hasTag('failed'), error: state.context.error, reload: () => actor.send({ type: 'reload' }) };
}

/**
 * /form/detail?id=: one form's submissions (date range and keyword filters, paging), one submission in a
 * drawer, the export (xlsx, CSV) and, for a questionnaire, the answers counted per option.
 */
export function useFormDetail() {
  const id = Number(useQueryParam(DETAIL_PATH, 'id') ?? 0);
  const siteId = useStore(currentSiteStore);
  const [draft, setDraft] = useState<SubmissionFilters>(EMPTY);
  const [filters, setFilters] = useState<SubmissionFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<FormSubmission | null>(null);
  const [view, setView] = useState<'data' | 'stats'>('data');
  const query = { id, page, limit, ...filters };
  const queryRef = useRef(query);
  queryRef.current = query;

  const head = useLoader<Head | null>(async () => {
    if (!(id > 0)) return null;
    const form = (await get<FormWithDesign>('/form/design', { id })).data;
    const statistics = form.type === 'questionnaire' ? (await get<FormStatistics>('/form/statistics', { id })).data : null;
    return { form, statistics };
  });
  const list = useLoader<Page>(async () => {
    const q = queryRef.current;
    if (!(q.id > 0)) return { rows: [], count: 0 };
    const res = await get<FormSubmission[]>('/form/detail', q as unknown as Record<string, unknown>);
    return { rows: res.data, count: res.count ?? 0 };
  });
  const key = JSON.stringify(query);
  const loadedKey = useRef('');
  useEffect(() => {
    if (!list.busy && loadedKey.current !== key) {
      loadedKey.current = key;
      list.reload();
    }
  }, [key, siteId, list.busy]);
  const headId = head.data?.form.id ?? 0;
  useEffect(() => {
    if (!head.busy && headId !== id && id > 0) head.reload();
  }, [id, siteId, head.busy]);

  const fields: FormRule[] = head.data ? formFields(head.data.form.design.rules) : [];
  return {
    id,
    missingId: !(id > 0),
    form: head.data?.form.id === id ? head.data.form : null,
    statistics: head.data?.form.id === id ? head.data.statistics : null,
    fields,
    rows: list.data?.rows ?? [],
    count: list.data?.count ?? 0,
    busy: list.busy || head.busy,
    failed: list.failed || head.failed,
    error: list.error ?? head.error,
    reload: () => {
      head.reload();
      list.reload();
    },
    page,
    limit,
    setPage,
    setLimit: (n: number) => {
      setLimit(n);
      setPage(1);
    },
    draft,
    setDraft: (patch: Partial<SubmissionFilters>) => setDraft((d) => ({ ...d, ...patch })),
    search: () => {
      setFilters(draft);
      setPage(1);
    },
    resetFilters: () => {
      setDraft(EMPTY);
      setFilters(EMPTY);
      setPage(1);
    },
    view,
    setView,
    open,
    show: (row: FormSubmission) => setOpen(row),
    close: () => setOpen(null),
    exportAs: (format: 'xlsx' | 'csv') =>
      void http
        .get('/form/export', { params: { id, format, ...filters }, responseType: 'blob', timeout: 60_000 })
        .then((res) => {
          const url = URL.createObjectURL(res.data as Blob);
          const a = Object.assign(document.createElement('a'), { href: url, download: `form-${head.data?.form.code ?? id}.${format}` });
          a.click();
          URL.revokeObjectURL(url);
        })
        .catch((e: unknown) => notify('error', messageOf(e))),
  };
}
export type FormDetail = ReturnType<typeof useFormDetail>;
