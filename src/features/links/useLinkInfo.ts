import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import { get } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { LINK_CHECKS_SHOWN, type FriendLink, type LinkCheck } from '../../../models/friendLink';
import { useQueryParam } from '../module/useQueryParam';
import { useLinkCheck } from './useLinkCheck';
import { INFO_PATH, linksDidChange } from './linksStore';

interface Info {
  link: FriendLink;
  checks: LinkCheck[];
}

/** One friendly link with its latest check records (/linkInfo?id=), and "check now". */
export function useLinkInfo() {
  const id = Number(useQueryParam(INFO_PATH, 'id') ?? 0);
  const siteId = useStore(currentSiteStore);
  const wanted = useRef(id);
  wanted.current = id;
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          const asked = wanted.current;
          if (!(asked > 0)) return void actor.send({ type: 'loaded', data: null });
          Promise.all([get<FriendLink>('/link/read', { id: asked }), get<LinkCheck[]>('/link/checks', { id: asked, limit: LINK_CHECKS_SHOWN })])
            .then(([link, checks]) => actor.send({ type: 'loaded', data: { link: link.data, checks: checks.data } satisfies Info }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const data = state.context.data as Info | null;
  // Another link asked for (or another site chosen) once the current load is over: load again.
  useEffect(() => {
    if (!state.hasTag('busy') && (data?.link.id ?? 0) !== id) actor.send({ type: 'reload' });
  }, [id, siteId, state.hasTag('busy')]);
  const reload = () => actor.send({ type: 'reload' });
  const check = useLinkCheck(() => {
    reload();
    linksDidChange();
  });
  return {
    id,
    missingId: !(id > 0),
    link: data?.link.id === id ? data.link : null,
    checks: data?.link.id === id ? data.checks : [],
    busy: state.hasTag('busy'),
    failed: state.hasTag('failed'),
    error: state.context.error,
    reload,
    check,
  };
}
