import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import type { DashboardData } from '../../../models/dashboard';
import { get } from '../../api/http';
import { useStore } from '../../app/store';
import { shellStore } from '../../app/shellStore';

export function useDashboard() {
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          get<DashboardData>('/dashboard/index')
            .then(({ data }) => actor.send({ type: 'loaded', data }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const shell = useStore(shellStore);
  return {
    data: state.context.data as DashboardData | null,
    error: state.context.error,
    busy: state.hasTag('busy'),
    failed: state.hasTag('failed'),
    name: shell.current?.name ?? '',
    reload: () => actor.send({ type: 'reload' }),
  };
}
