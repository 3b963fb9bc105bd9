import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';

// One chart's example events: the table its model-based test walks (tests/machines/<name>.*) and the
// events `npm run paths` and `npm run replay` (tests/qa/) use, so QA and the tests never disagree.
// `events` is a list, or a function of the snapshot for tables that depend on the context (or that
// keep the graph finite by offering some events only once).

export type ExampleEvents<M extends AnyStateMachine> =
  | readonly EventFromLogic<M>[]
  | ((snapshot: SnapshotFrom<M>) => readonly EventFromLogic<M>[]);

export interface ChartExamples<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  events: ExampleEvents<M>;
  /** The input the test creates the actor with, when the chart takes one. */
  input?: InputFrom<M>;
  /**
   * What of the snapshot's context tells graph vertices apart, when the test keys its graph by a
   * projection rather than the whole context (to keep it finite, or because the context holds a File).
   */
  project?: (snapshot: SnapshotFrom<M>) => unknown;
  /**
   * For a chart whose test walks several small graphs, one per concern (each finite on its own, their
   * union not): the tables by concern. `events` is then their union, for replaying and listing.
   */
  facets?: Record<string, ExampleEvents<M>>;
}

export const defineExamples = <M extends AnyStateMachine>(examples: ChartExamples<M>): ChartExamples<M> => examples;

/** The table's events offered in a snapshot (all of them; callers filter with `snapshot.can`). */
export function examplesIn<M extends AnyStateMachine>(examples: ChartExamples<M>, snapshot: SnapshotFrom<M>): EventFromLogic<M>[] {
  return [...(typeof examples.events === 'function' ? examples.events(snapshot) : examples.events)];
}
