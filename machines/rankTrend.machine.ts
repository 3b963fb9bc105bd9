import { assign, setup } from 'xstate';
import type { RankCheck } from '../models/keyword';

// A keyword's rank trend: open it for one keyword (fetchHistory → history.loaded / history.failed),
// reload it when a check finished, close it. An answer for a keyword the admin has since left is ignored.

export interface TrendKeyword {
  id: number;
  name: string;
}

export interface RankTrendContext {
  keyword: TrendKeyword | null;
  history: RankCheck[];
  error: string | null;
}

export type RankTrendEvent =
  | { type: 'trend.open'; keyword: TrendKeyword }
  | { type: 'history.loaded'; id: number; history: RankCheck[] }
  | { type: 'history.failed'; id: number; message: string }
  | { type: 'trend.reload' }
  | { type: 'trend.close' };

const fetchFor = { type: 'fetchHistory' as const, params: ({ context }: { context: RankTrendContext }) => ({ id: context.keyword!.id }) };

export const rankTrendMachine = setup({
  types: { context: {} as RankTrendContext, events: {} as RankTrendEvent },
  actions: { fetchHistory: (_, _params: { id: number }) => {} },
  guards: {
    current: ({ context, event }) => 'id' in event && event.id === context.keyword?.id,
  },
}).createMachine({
  id: 'rankTrend',
  context: { keyword: null, history: [], error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'trend.open': { target: 'loading', actions: assign({ keyword: ({ event }) => event.keyword, history: [], error: null }) } },
    },
    loading: {
      tags: ['open', 'busy'],
      entry: fetchFor,
      on: {
        'history.loaded': { guard: 'current', target: 'shown', actions: assign({ history: ({ event }) => event.history }) },
        'history.failed': { guard: 'current', target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        'trend.open': { target: 'loading', reenter: true, actions: assign({ keyword: ({ event }) => event.keyword, history: [], error: null }) },
        'trend.close': 'closed',
      },
    },
    shown: {
      tags: ['open', 'ready'],
      on: {
        'trend.reload': 'loading',
        'trend.open': { target: 'loading', actions: assign({ keyword: ({ event }) => event.keyword, history: [], error: null }) },
        'trend.close': 'closed',
      },
    },
    failed: {
      tags: ['open', 'failed'],
      on: { 'trend.reload': { target: 'loading', actions: assign({ error: null }) }, 'trend.close': 'closed' },
    },
  },
});
