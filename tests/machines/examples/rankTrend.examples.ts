import { rankTrendMachine, type RankTrendEvent } from '../../../machines/rankTrend.machine';
import type { RankCheck } from '../../../models/keyword';
import { defineExamples } from './chart';

// The example events of the rankTrend chart: its model-based test walks them and `npm run paths` prints them.

export const A = { id: 1, name: '云计算' };
export const B = { id: 2, name: 'AI' };
export const HISTORY: RankCheck[] = [{ id: 9, engine: 'baidu', position: 4, url: 'https://a.example.com/', indexed: 10, error: '', checked_at: '2026-01-01T00:00:00.000Z' }];

export function events(): RankTrendEvent[] {
  return [
    { type: 'trend.open', keyword: A },
    { type: 'trend.open', keyword: B },
    { type: 'history.loaded', id: 1, history: HISTORY },
    { type: 'history.loaded', id: 2, history: [] },
    { type: 'history.failed', id: 1, message: 'Network error' },
    { type: 'trend.reload' },
    { type: 'trend.close' },
  ];
}

export const rankTrendExamples = defineExamples({
  machine: rankTrendMachine,
  events: events,
});
