import { describe, expect, it } from 'vitest';
import { keywordImportMachine } from '../../machines/keywordImport.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { EFFECTS, FILE, keywordImportModelTests, PARTIAL } from './keywordImport.model';

const coverage = trackTransitions(keywordImportMachine);
const start = () => startRecorded(keywordImportMachine, EFFECTS, coverage);

describe('keyword import chart, every path of the model', () => {
  for (const test of keywordImportModelTests(keywordImportMachine, coverage)) it(test.name, test.run);
});

describe('keyword import chart, what an admin does', () => {
  it('uploads a file, sees the rows that failed, and the list reloads', () => {
    const { actor, take } = start();
    actor.send({ type: 'import.open' });
    actor.send({ type: 'import.submit' });
    expect(take()).toEqual([]);
    actor.send({ type: 'file.choose', file: FILE });
    actor.send({ type: 'import.submit' });
    actor.send({ type: 'import.done', report: PARTIAL });
    expect(take()).toEqual([
      { type: 'uploadFile', params: { file: FILE } },
      { type: 'imported', params: { count: 2 } },
    ]);
    expect(actor.getSnapshot().context.report?.errors).toHaveLength(1);
  });
});

describe('keyword import chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
