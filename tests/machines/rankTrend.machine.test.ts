import { describe, expect, it } from 'vitest';
import { rankTrendMachine } from '../../machines/rankTrend.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { A, B, EFFECTS, HISTORY, rankTrendModelTests } from './rankTrend.model';

const coverage = trackTransitions(rankTrendMachine);
const start = () => startRecorded(rankTrendMachine, EFFECTS, coverage);

describe('rank trend chart, every path of the model', () => {
  for (const test of rankTrendModelTests(rankTrendMachine, coverage)) it(test.name, test.run);
});

describe('rank trend chart, what an admin does', () => {
  it('opens a keyword’s trend, ignores a late answer for the previous one, reloads after a check', () => {
    const { actor, take } = start();
    actor.send({ type: 'trend.open', keyword: A });
    actor.send({ type: 'trend.open', keyword: B });
    actor.send({ type: 'history.loaded', id: 1, history: HISTORY });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'history.loaded', id: 2, history: HISTORY });
    actor.send({ type: 'trend.reload' });
    expect(take()).toEqual([
      { type: 'fetchHistory', params: { id: 1 } },
      { type: 'fetchHistory', params: { id: 2 } },
      { type: 'fetchHistory', params: { id: 2 } },
    ]);
    // The chart keeps showing the old points while the new ones load.
    expect(actor.getSnapshot().context.history).toEqual(HISTORY);
  });
});

describe('rank trend chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
