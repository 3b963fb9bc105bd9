import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import type { Option } from '../../../models/resource';
import type { Category } from '../../../models/category';
import { get } from '../../api/http';
import { t } from '../../i18n';

export type ColumnRow = Category & { depth: number };
interface Loaded {
  siteId: number;
  rows: ColumnRow[];
}

/** A site's column tree as "parent column" options: the top level first, each column indented by depth. */
export function columnOptions(rows: readonly ColumnRow[], exclude: ReadonlySet<number> = new Set()): Option[] {
  return [
    { value: 0, label: t('category.root') },
    ...rows.filter((r) => !exclude.has(r.id)).map((r) => ({ value: r.id, label: `${'\u3000'.repeat(r.depth + 1)}${r.title}` })),
  ];
}

/** The column tree of a site (for parent pickers); follows the site given. */
export function useSiteColumns(siteId: number | null) {
  const wanted = useRef(siteId);
  wanted.current = siteId;
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          const id = wanted.current;
          if (!id) return void actor.send({ type: 'loaded', data: null });
          get<ColumnRow[]>('/category/index', { site_id: id })
            .then(({ data }) => actor.send({ type: 'loaded', data: { siteId: id, rows: data } satisfies Loaded }))
            .catch((e: Error) => actor.send({ type: 'failed', message: e.message }));
        },
      },
    }),
  );
  const loaded = useSelector(actor, (s) => s.context.data as Loaded | null);
  const ready = useSelector(actor, (s) => !s.hasTag('busy'));
  // An answer for another site than the one now wanted (it changed meanwhile) is fetched again.
  useEffect(() => {
    if (ready && (loaded?.siteId ?? null) !== siteId) actor.send({ type: 'reload' });
  }, [ready, loaded, siteId, actor]);
  const current = loaded && loaded.siteId === siteId ? loaded.rows : [];
  return { rows: current, loading: !ready, reload: () => actor.send({ type: 'reload' }) };
}
