import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import type { Admin } from '../../../models/admin';
import { MAX_PAGE_SIZE } from '../../../models/constants';
import { get } from '../../api/http';
import { shellStore } from '../../app/shellStore';

const ADMIN_LIST_PAGE = '/Admin/index';

export interface AdminOption {
  id: number;
  name: string;
  account: string;
}

/**
 * The administrators (GET admin/index), to choose reviewers and submitters from. Reading them needs the
 * administrators permission: without it nothing is asked, the list is empty and `unavailable` says so.
 */
export function useAdmins(wanted = true) {
  const permitted = shellStore.get().authority.includes(ADMIN_LIST_PAGE);
  const enabled = wanted && permitted;
  // The loader starts at once: a dialog not yet open answers with nothing and loads when it opens.
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          if (!enabledRef.current) return void actor.send({ type: 'loaded', data: [] });
          get<Admin[]>('/admin/index', { page: 1, limit: MAX_PAGE_SIZE }, { quietSession: true })
            .then(({ data }) => actor.send({ type: 'loaded', data: data.map((a) => ({ id: a.id, name: a.nickname || a.account, account: a.account })) }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
        },
      },
    }),
  );
  useEffect(() => {
    if (enabled && !actor.getSnapshot().hasTag('busy')) actor.send({ type: 'reload' });
  }, [enabled, actor]);
  const state = useSelector(actor, (s) => s);
  return {
    admins: (state.context.data as AdminOption[] | null) ?? [],
    busy: state.hasTag('busy'),
    unavailable: !permitted || state.hasTag('failed'),
  };
}
