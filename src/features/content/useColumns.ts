import { useEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import type { Category } from '../../../models/category';
import { buildTree } from '../../../models/menu';
import { get } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';

export type ColumnNode = Category & { depth: number };

/** Flattens a column tree in display order, with depths. */
export function inTreeOrder(rows: Category[]): ColumnNode[] {
  type Node = Category & { sort: number; children: Node[] };
  const out: ColumnNode[] = [];
  const visit = (nodes: Node[], depth: number) => {
    for (const { children, ...row } of nodes) {
      out.push({ ...(row as Category), depth });
      visit(children, depth + 1);
    }
  };
  visit(buildTree(rows) as unknown as Node[], 0);
  return out;
}

/** The current site's columns (reloaded when the site switcher changes). */
export function useColumns() {
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          get<Category[]>('/category/index')
            .then(({ data }) => actor.send({ type: 'loaded', data }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
        },
      },
    }),
  );
  const siteId = useStore(currentSiteStore);
  const first = useRef(siteId);
  useEffect(() => {
    if (siteId !== first.current) actor.send({ type: 'reload' });
  }, [siteId, actor]);
  const state = useSelector(actor, (s) => s);
  const rows = state.context.data as Category[] | null;
  const columns = useMemo(() => (rows ? inTreeOrder(rows) : []), [rows]);
  return {
    columns,
    busy: state.hasTag('busy'),
    failed: state.hasTag('failed'),
    error: state.context.error,
    reload: () => actor.send({ type: 'reload' }),
  };
}
