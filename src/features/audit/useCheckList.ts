import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { resourceListMachine, type Row } from '../../../machines/resourceList.machine';
import type { CheckAllResult, CheckListItem } from '../../../models/audit';
import { DEFAULT_PAGE_SIZE } from '../../../models/constants';
import { get, post } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { useOnViewReturn } from '../../app/viewActive';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export type Scope = 'mine' | 'all';
/** Filters a reviewer edits (the scope tab and a fixed column are not among them). */
export const CHECK_FILTERS = ['category_id', 'step', 'submitter', 'keyword'] as const;

/**
 * The check list on the list chart: GET content/checkList pages, filters, selection; the chart's confirmed
 * bulk action (its delete.* events) runs POST content/checkAll here and reports how many were approved.
 */
export function useCheckList(fixedColumn: number | undefined) {
  const actor = useChart(
    resourceListMachine.provide({
      actions: {
        fetchPage: (_, query) => {
          get<CheckListItem[]>('/content/checkList', { page: query.page, limit: query.limit, ...query.filters })
            .then(({ data, count }) => actor.send({ type: 'page.loaded', rows: data as unknown as Row[], count: count ?? data.length }))
            .catch((e: unknown) => actor.send({ type: 'page.failed', message: messageOf(e) }));
        },
        deleteRows: (_, { ids }) => {
          post<CheckAllResult>('/content/checkAll', { ids })
            .then(({ data }) => actor.send({ type: 'delete.done', message: t('audit.list.approvedCount', { affected: data.affected, skipped: data.skipped }) }))
            .catch((e: unknown) => actor.send({ type: 'delete.failed', message: messageOf(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
      },
    }),
    { input: { limit: DEFAULT_PAGE_SIZE, filters: { scope: 'mine', category_id: fixedColumn } } },
  );
  const siteId = useStore(currentSiteStore);
  const firstSite = useRef(siteId);
  useEffect(() => {
    if (siteId !== firstSite.current) actor.send({ type: 'list.reload' });
  }, [siteId, actor]);
  useOnViewReturn(() => actor.send({ type: 'list.reload' }));
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const rows = context.rows as unknown as CheckListItem[];
  const scope = (context.query.filters.scope ?? 'mine') as Scope;
  const mineSelected = context.selected.filter((id) => rows.some((r) => r.id === id && r.mine));
  const send = actor.send;
  return {
    rows,
    count: context.count,
    query: context.query,
    draft: context.draft,
    scope,
    selected: mineSelected,
    error: context.error,
    busy: state.hasTag('busy'),
    failed: state.hasTag('failed'),
    empty: state.hasTag('empty'),
    confirming: state.hasTag('confirming'),
    approving: state.hasTag('confirming') && state.hasTag('busy'),
    pendingCount: context.pendingDelete.length,
    setScope: (next: Scope) => {
      send({ type: 'filters.change', name: 'scope', value: next });
      send({ type: 'filters.apply' });
    },
    setFilter: (name: (typeof CHECK_FILTERS)[number], value: string | number | undefined) => send({ type: 'filters.change', name, value }),
    applyFilters: () => send({ type: 'filters.apply' }),
    /** Clears what the reviewer typed; the scope and a fixed column stay. */
    resetFilters: () => {
      for (const name of CHECK_FILTERS) if (!(name === 'category_id' && fixedColumn)) send({ type: 'filters.change', name, value: undefined });
      send({ type: 'filters.apply' });
    },
    setPage: (page: number) => send({ type: 'page.change', page }),
    setLimit: (limit: number) => send({ type: 'limit.change', limit }),
    toggleRow: (id: number) => send({ type: 'row.toggle', id }),
    /** Selects every row waiting for the caller, or clears the selection. */
    toggleAll: () => {
      const mine = rows.filter((r) => r.mine).map((r) => r.id);
      const all = mine.length > 0 && mine.every((id) => context.selected.includes(id));
      for (const id of mine) if (all || !context.selected.includes(id)) send({ type: 'row.toggle', id });
    },
    requestApprove: () => send({ type: 'delete.request', ids: mineSelected }),
    confirmApprove: () => send({ type: 'delete.confirm' }),
    cancelApprove: () => send({ type: 'delete.cancel' }),
    reload: () => send({ type: 'list.reload' }),
  };
}
export type CheckList = ReturnType<typeof useCheckList>;
