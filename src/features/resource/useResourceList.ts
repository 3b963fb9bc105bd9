import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { useLocation, useSearch } from 'wouter';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { useOnViewReturn } from '../../app/viewActive';
import { resourceListMachine, type Filters, type Row } from '../../../machines/resourceList.machine';
import type { ResourceDef } from '../../../models/resource';
import { DEFAULT_PAGE_SIZE } from '../../../models/constants';
import { get } from '../../api/http';
import { queryFromSearch, searchWithQuery, type ListKeys } from './listLocation';
import { messageOf, recycleListActions } from './recycleListActions';

/** Brings deleted rows back from the recycle bin (the undo of a delete); answers with the toast's message. */
export type RestoreRows = (ids: number[]) => Promise<{ msg: string }>;

/** The filters a list's URL may carry: what its list call accepts, less the ones its screen fixes. */
function urlFilters(def: ResourceDef, fixed: Filters): string[] {
  const shape = (def.listQuery as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const names = new Set([...Object.keys(shape), ...def.list.filters.flatMap((f) => (f.kind === 'dateRange' ? [f.name, 'end'] : [f.name]))]);
  for (const name of ['page', 'limit', 'orderBy', 'order', ...Object.keys(fixed).filter((k) => fixed[k] !== undefined)]) names.delete(name);
  return [...names];
}

/**
 * Connects a resource's list page to the list chart: named selectors and intents for the view.
 * With `inUrl` (the default) the list's page, page size, filters and sort live in the page's URL, so a
 * reload, back / forward and a shared link show the same list; a list inside a panel or drawer passes false.
 */
export function useResourceList(def: ResourceDef, opts: { limit?: number; filters?: Filters; inUrl?: boolean; restore?: RestoreRows } = {}) {
  const inUrl = opts.inUrl ?? true;
  const fixed = opts.filters ?? {};
  const keys: ListKeys = { filters: urlFilters(def, fixed), limit: opts.limit ?? DEFAULT_PAGE_SIZE, sortable: def.list.columns.filter((c) => c.sortable).map((c) => c.name) };
  // The view's own location (a hidden cached view keeps its tab's), read fresh by the chart's actions.
  const [location, navigate] = useLocation();
  const search = useSearch();
  // While the guard decides a navigation away, the shown view briefly reads the new address: a list
  // reads and writes only the address of its own page.
  const ownPath = useRef(location).current;
  const here = useRef({ location, search, navigate, keys });
  here.current = { location, search, navigate, keys };
  const fromUrl = (s: string) => {
    const q = queryFromSearch(s, here.current.keys);
    return { ...q, filters: { ...q.filters, ...fixed } };
  };
  const restoreRef = useRef(opts.restore);
  restoreRef.current = opts.restore;
  const actor = useChart(
    resourceListMachine.provide({
      actions: {
        fetchPage: (_, query) => {
          const sort = query.sort ? { orderBy: query.sort.by, order: query.sort.order } : {};
          get<Row[]>(`/${def.name}/index`, { page: query.page, limit: query.limit, ...query.filters, ...sort })
            .then(({ data, count }) => actor.send({ type: 'page.loaded', rows: data, count: count ?? data.length }))
            .catch((e: unknown) => actor.send({ type: 'page.failed', message: messageOf(e) }));
        },
        ...recycleListActions((event) => actor.send(event), `/${def.name}/delete`, restoreRef),
        recordQuery: (_, { query, replace }) => {
          if (!inUrl) return;
          const { location: path, search: current, navigate: go, keys: k } = here.current;
          if (path !== ownPath) return;
          const next = searchWithQuery(current, query, k);
          if (next !== new URLSearchParams(current).toString()) go(next ? `${path}?${next}` : path, { replace });
        },
      },
    }),
    { input: inUrl ? fromUrl(search) : { limit: keys.limit, filters: opts.filters } },
  );
  // A site-scoped list follows the site switcher (its calls carry X-Site-Id).
  const siteId = useStore(currentSiteStore);
  const firstSite = useRef(siteId);
  useEffect(() => {
    if (def.siteScoped && siteId !== firstSite.current) actor.send({ type: 'list.reload' });
  }, [def.siteScoped, siteId, actor]);
  // A cached list shows fresh rows when its tab comes back (its filters and page stay as they were).
  useOnViewReturn(() => actor.send({ type: 'list.reload' }));
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  // Back / forward (or a link to this page with another query): the chart shows the URL's query once
  // it is not loading; it ignores the query it already shows.
  const busy = state.hasTag('busy');
  useEffect(() => {
    if (inUrl && !busy && location === ownPath) actor.send({ type: 'query.restore', query: fromUrl(search) });
  }, [inUrl, busy, location, search, actor]);
  return {
    rows: context.rows,
    count: context.count,
    query: context.query,
    draft: context.draft,
    selected: context.selected,
    pendingDelete: context.pendingDelete,
    error: context.error,
    busy,
    empty: state.hasTag('empty'),
    failed: state.hasTag('failed'),
    confirming: state.hasTag('confirming'),
    canDelete: (ids: number[]) => state.can({ type: 'delete.request', ids }),
    setFilter: (name: string, value: string | number | undefined) => actor.send({ type: 'filters.change', name, value }),
    applyFilters: () => actor.send({ type: 'filters.apply' }),
    resetFilters: () => actor.send({ type: 'filters.reset' }),
    setPage: (page: number) => actor.send({ type: 'page.change', page }),
    setLimit: (limit: number) => actor.send({ type: 'limit.change', limit }),
    /** A sortable column's header: ascending, then descending. */
    toggleSort: (by: string) => actor.send({ type: 'sort.toggle', by }),
    toggleRow: (id: number) => actor.send({ type: 'row.toggle', id }),
    toggleAll: () => actor.send({ type: 'rows.toggleAll' }),
    /** Rows that go to a recycle bin the list can restore from are deleted at once, with an undo; others after a confirm. */
    requestDelete: (ids: number[]) => actor.send({ type: 'delete.request', ids, undoable: Boolean(opts.restore) }),
    confirmDelete: () => actor.send({ type: 'delete.confirm' }),
    cancelDelete: () => actor.send({ type: 'delete.cancel' }),
    reload: () => actor.send({ type: 'list.reload' }),
  };
}
export type ResourceList = ReturnType<typeof useResourceList>;
