import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import { PLUGIN_PAGE_PREFIX, PLUGIN_PAGE_REST, type PluginPageView } from '../../../models/plugin';
import { get, http } from '../../api/http';
import { notify } from '../../components/Toaster';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { languageStore } from '../../i18n';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The plugin id and page of a /PluginPage/<id>/<page> location. */
export function pluginPageOf(location: string): { id: string; page: string } | null {
  const m = location.startsWith(PLUGIN_PAGE_PREFIX) ? PLUGIN_PAGE_REST.exec(location.slice(PLUGIN_PAGE_PREFIX.length)) : null;
  return m ? { id: m[1]!, page: m[2]! } : null;
}

/**
 * /PluginPage/<id>/<page>: the table an enabled plugin's page computes (for the current site), reloaded when the
 * site or language changes, and its CSV export. A disabled plugin's page answers 404, shown as a load error.
 */
export function usePluginPage() {
  const [location] = useLocation();
  const target = pluginPageOf(location);
  const site = useStore(currentSiteStore);
  const lang = useStore(languageStore);
  const args = { id: target?.id ?? '', page: target?.page ?? '', site_id: site ? String(site) : '' };
  const argsRef = useRef(args);
  argsRef.current = args;
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          get<PluginPageView>('/plugin/page', argsRef.current)
            .then(({ data }) => actor.send({ type: 'loaded', data }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const key = `${args.id}/${args.page}/${args.site_id}/${lang}`;
  const first = useRef(key);
  useEffect(() => {
    if (first.current === key) return;
    first.current = key;
    actor.send({ type: 'reload' });
  }, [actor, key]);
  const state = useSelector(actor, (s) => s);
  const view = state.context.data as PluginPageView | null;
  return {
    id: args.id,
    view,
    busy: state.hasTag('busy'),
    failed: state.hasTag('failed'),
    error: state.context.error,
    reload: () => actor.send({ type: 'reload' }),
    exportCsv: () =>
      void http
        .get('/plugin/pageExport', { params: argsRef.current, responseType: 'blob', timeout: 60_000 })
        .then((res) => {
          const url = URL.createObjectURL(res.data as Blob);
          const a = Object.assign(document.createElement('a'), { href: url, download: `${args.id}-${args.page}.csv` });
          a.click();
          URL.revokeObjectURL(url);
        })
        .catch((e: unknown) => notify('error', messageOf(e))),
  };
}
