import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { recycleBinMachine, type BinAction, type BinRow } from '../../../machines/recycleBin.machine';
import { loaderMachine } from '../../../machines/loader.machine';
import { parseRecycleKey, recycleKey, type RecycledRecord } from '../../../models/recycleBin';
import { DEFAULT_PAGE_SIZE } from '../../../models/constants';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { hasKey, t } from '../../i18n';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A type's name in the interface language; a type nobody translated yet shows as itself. */
export const recycleTypeLabel = (type: string) => (hasKey(`recycleBin.types.${type}`) ? t(`recycleBin.types.${type}`) : type);

export type BinRecord = RecycledRecord & BinRow;

/** Connects the recycle bin screen to its chart, plus the list of types the admin may see (for the filter). */
export function useRecycleBin() {
  const actor = useChart(
    recycleBinMachine.provide({
      actions: {
        fetchPage: (_, query) => {
          get<RecycledRecord[]>('/recycleBin/index', { page: query.page, limit: query.limit, ...query.filters })
            .then(({ data, count }) => actor.send({ type: 'page.loaded', rows: data.map((r) => ({ ...r, key: recycleKey(r) })), count: count ?? data.length }))
            .catch((e: unknown) => actor.send({ type: 'page.failed', message: messageOf(e) }));
        },
        runAction: (_, { action, keys }) => {
          post(`/recycleBin/${action === 'restore' ? 'restore' : 'delete'}`, { items: keys.map(parseRecycleKey) })
            .then(({ msg }) => actor.send({ type: 'action.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'action.failed', message: messageOf(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
      },
    }),
    { input: { limit: DEFAULT_PAGE_SIZE } },
  );
  const types = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          get<string[]>('/recycleBin/types')
            .then(({ data }) => types.send({ type: 'loaded', data }))
            .catch((e: unknown) => types.send({ type: 'failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const typeNames = useSelector(types, (s) => (s.context.data as string[] | null) ?? []);
  const { context } = state;
  return {
    rows: context.rows as BinRecord[],
    count: context.count,
    query: context.query,
    draft: context.draft,
    selected: context.selected,
    pending: context.pending,
    error: context.error,
    typeNames,
    busy: state.hasTag('busy'),
    empty: state.hasTag('empty'),
    failed: state.hasTag('failed'),
    confirming: state.hasTag('confirming'),
    setFilter: (name: string, value: string | number | undefined) => actor.send({ type: 'filters.change', name, value }),
    applyFilters: () => actor.send({ type: 'filters.apply' }),
    resetFilters: () => actor.send({ type: 'filters.reset' }),
    setPage: (page: number) => actor.send({ type: 'page.change', page }),
    setLimit: (limit: number) => actor.send({ type: 'limit.change', limit }),
    toggleRow: (key: string) => actor.send({ type: 'row.toggle', key }),
    toggleAll: () => actor.send({ type: 'rows.toggleAll' }),
    request: (action: BinAction, keys: string[]) => actor.send({ type: 'action.request', action, keys }),
    confirm: () => actor.send({ type: 'action.confirm' }),
    cancel: () => actor.send({ type: 'action.cancel' }),
    reload: () => actor.send({ type: 'list.reload' }),
  };
}
export type RecycleBin = ReturnType<typeof useRecycleBin>;
