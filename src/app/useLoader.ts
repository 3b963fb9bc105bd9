import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from './useChart';
import { loaderMachine } from '../../machines/loader.machine';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A loader actor over one GET; `read` is called on every (re)load. */
export function useLoader<T>(read: () => Promise<T>) {
  const latest = useRef(read);
  latest.current = read;
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          latest
            .current()
            .then((data) => actor.send({ type: 'loaded', data }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const data = useSelector(actor, (s) => s.context.data as T | null);
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const loading = useSelector(actor, (s) => s.hasTag('busy'));
  return { data, failed, loading, reload: () => actor.send({ type: 'reload' }) };
}
