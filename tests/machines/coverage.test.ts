import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { assign, setup, type SnapshotFrom } from 'xstate';
import { acceptedEventTypes, assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded, walkPath } from './harness';

// The coverage check itself, run against a small fixture chart: a transition walked only with the bare
// `{ type }` that createTestModel makes up for an event missing from the test's table is not covered.

type DraftEvent = { type: 'draft.edit' } | { type: 'draft.save'; title: string } | { type: 'draft.discard' };

const draftMachine = setup({ types: { context: {} as { title: string }, events: {} as DraftEvent } }).createMachine({
  id: 'draft',
  context: { title: '' },
  initial: 'viewing',
  states: {
    viewing: { on: { 'draft.edit': 'editing' } },
    editing: {
      on: {
        'draft.save': { target: 'viewing', actions: assign({ title: ({ event }) => event.title }) },
        'draft.discard': 'viewing',
      },
    },
  },
});

/** Walks every shortest path of the fixture's model with `events` as the test's table, then runs the check. */
async function checkWith(events: DraftEvent[]) {
  const coverage = trackTransitions(draftMachine);
  const model = createTestModel(draftMachine, { events: coverage.examples(events) });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    await walkPath(path, () => startRecorded(draftMachine, [], coverage), () => {});
  }
  return () => assertEveryTransitionWalked(coverage);
}

describe('transition coverage check', () => {
  it('knows the event types a chart accepts, internal ones aside', () => {
    expect(acceptedEventTypes(draftMachine)).toEqual(['draft.discard', 'draft.edit', 'draft.save']);
  });

  it('fails for a chart whose transition was walked without an example event in the table', async () => {
    // `draft.save` carries a title, but the table has none: the model walks it with a bare `{ type }`.
    const check = await checkWith([{ type: 'draft.edit' }, { type: 'draft.discard' }]);
    expect(check).toThrow(/no example in the model's events table[\s\S]*draft\.save/);
    expect(check).not.toThrow(/transitions no test walks/);
  });

  it('fails when the events table was never given to the check', async () => {
    const coverage = trackTransitions(draftMachine);
    const model = createTestModel(draftMachine, { events: [{ type: 'draft.save', title: 'T' }] as DraftEvent[] });
    for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
      await walkPath(path, () => startRecorded(draftMachine, [], coverage), () => {});
    }
    expect(() => assertEveryTransitionWalked(coverage)).toThrow(/draft\.discard\n  draft\.edit\n  draft\.save/);
  });

  it('fails when a declared transition is never walked', () => {
    const coverage = trackTransitions(draftMachine);
    coverage.examples([{ type: 'draft.edit' }, { type: 'draft.save', title: 'T' }, { type: 'draft.discard' }] satisfies DraftEvent[]);
    expect(() => assertEveryTransitionWalked(coverage)).toThrow(/transitions no test walks \(3\/3\)/);
  });

  it('passes when every event type has an example and every transition is walked', async () => {
    const check = await checkWith([{ type: 'draft.edit' }, { type: 'draft.save', title: 'Spring' }, { type: 'draft.discard' }]);
    expect(check).not.toThrow();
  });

  it('records the examples of an events table given as a function of the state', async () => {
    const coverage = trackTransitions(draftMachine);
    const table = (s: SnapshotFrom<typeof draftMachine>): DraftEvent[] =>
      s.matches('editing') ? [{ type: 'draft.save', title: 'Spring' }, { type: 'draft.discard' }] : [{ type: 'draft.edit' }];
    const model = createTestModel(draftMachine, { events: coverage.examples(table) });
    for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
      await walkPath(path, () => startRecorded(draftMachine, [], coverage), () => {});
    }
    expect([...coverage.listed].sort()).toEqual(['draft.discard', 'draft.edit', 'draft.save']);
    expect(() => assertEveryTransitionWalked(coverage)).not.toThrow();
  });
});
