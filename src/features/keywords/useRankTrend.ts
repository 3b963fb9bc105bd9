import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { rankTrendMachine, type TrendKeyword } from '../../../machines/rankTrend.machine';
import type { RankCheck } from '../../../models/keyword';
import { get } from '../../api/http';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects a keyword's trend drawer to its chart (GET /keyword/history). */
export function useRankTrend() {
  const actor = useChart(
    rankTrendMachine.provide({
      actions: {
        fetchHistory: (_, { id }) => {
          get<RankCheck[]>('/keyword/history', { id })
            .then(({ data }) => actor.send({ type: 'history.loaded', id, history: data }))
            .catch((e: unknown) => actor.send({ type: 'history.failed', id, message: messageOf(e) }));
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  return {
    open: state.hasTag('open'),
    busy: state.hasTag('busy'),
    failed: state.hasTag('failed'),
    keyword: state.context.keyword,
    history: state.context.history,
    error: state.context.error,
    show: (keyword: TrendKeyword) => actor.send({ type: 'trend.open', keyword }),
    reload: () => actor.send({ type: 'trend.reload' }),
    close: () => actor.send({ type: 'trend.close' }),
  };
}
export type RankTrend = ReturnType<typeof useRankTrend>;
