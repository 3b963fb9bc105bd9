import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { useOnViewReturn } from '../../app/viewActive';
import { resourceListMachine, type Filters, type Row } from '../../../machines/resourceList.machine';
import type { ResourceDef } from '../../../models/resource';
import { DEFAULT_PAGE_SIZE } from '../../../models/constants';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects a resource's list page to the list chart: named selectors and intents for the view. */
export function useResourceList(def: ResourceDef, opts: { limit?: number; filters?: Filters } = {}) {
  const actor = useActorRef(
    resourceListMachine.provide({
      actions: {
        fetchPage: (_, query) => {
          get<Row[]>(`/${def.name}/index`, { page: query.page, limit: query.limit, ...query.filters })
            .then(({ data, count }) => actor.send({ type: 'page.loaded', rows: data, count: count ?? data.length }))
            .catch((e: unknown) => actor.send({ type: 'page.failed', message: messageOf(e) }));
        },
        deleteRows: (_, { ids }) => {
          post(`/${def.name}/delete`, { ids })
            .then(({ msg }) => actor.send({ type: 'delete.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'delete.failed', message: messageOf(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
      },
    }),
    { input: { limit: opts.limit ?? DEFAULT_PAGE_SIZE, filters: opts.filters } },
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
  return {
    rows: context.rows,
    count: context.count,
    query: context.query,
    draft: context.draft,
    selected: context.selected,
    pendingDelete: context.pendingDelete,
    error: context.error,
    busy: state.hasTag('busy'),
    empty: state.hasTag('empty'),
    failed: state.hasTag('failed'),
    confirming: state.hasTag('confirming'),
    canDelete: (ids: number[]) => state.can({ type: 'delete.request', ids }),
    setFilter: (name: string, value: string | number | undefined) => actor.send({ type: 'filters.change', name, value }),
    applyFilters: () => actor.send({ type: 'filters.apply' }),
    resetFilters: () => actor.send({ type: 'filters.reset' }),
    setPage: (page: number) => actor.send({ type: 'page.change', page }),
    setLimit: (limit: number) => actor.send({ type: 'limit.change', limit }),
    toggleRow: (id: number) => actor.send({ type: 'row.toggle', id }),
    toggleAll: () => actor.send({ type: 'rows.toggleAll' }),
    requestDelete: (ids: number[]) => actor.send({ type: 'delete.request', ids }),
    confirmDelete: () => actor.send({ type: 'delete.confirm' }),
    cancelDelete: () => actor.send({ type: 'delete.cancel' }),
    reload: () => actor.send({ type: 'list.reload' }),
  };
}
export type ResourceList = ReturnType<typeof useResourceList>;
