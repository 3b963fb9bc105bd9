import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, type EventObject, type SnapshotFrom } from 'xstate';
import type { TestPath } from '@xstate/graph';
import { expect } from 'vitest';
import type { TransitionCoverage } from './coverage';

// Shared pieces of the model-based chart tests: action stand-ins that record their calls, a state
// serializer that makes every (state, event, previous state) a vertex of the graph so that shortest
// paths take every edge, and a runner that replays a graph path on a real actor.

export interface Call {
  type: string;
  params: unknown;
}

/** Stand-ins for a chart's side-effect actions; `take()` returns and forgets the calls so far. */
export function recordActions<const N extends string>(names: readonly N[]) {
  const calls: Call[] = [];
  const actions = Object.fromEntries(
    names.map((type) => [type, (_args: unknown, params: unknown) => void calls.push({ type, params: params ?? null })]),
  ) as Record<N, (args: unknown, params: any) => void>;
  return { actions, calls, take: () => calls.splice(0) };
}

/**
 * Vertices are the state value and the context (or a projection of it), reached by one event type
 * from one previous state value: shortest paths to every vertex then take every transition, and
 * every payload case that changes what is kept of the context.
 *
 * The graph keeps one snapshot per key, so a path is replayed against the snapshot of whichever
 * history reached that key first. With the whole context in the key they are the same; a projection
 * must keep everything the chart's guards read, and `walkPath` then compares only the projection.
 * Keep graphs finite by offering events as a function of the state (see the tabs test).
 */
export function serializeWith<S extends AnyMachineSnapshot>(project: (snapshot: S) => unknown = (s) => s.context) {
  return (snapshot: S, event?: EventObject, previous?: S): string =>
    JSON.stringify([snapshot.value, project(snapshot), event?.type ?? null, previous?.value ?? null]);
}

export const serializeTransition = serializeWith();

export interface StepCheck<S, E> {
  /** The actor's snapshot before the event. */
  before: S;
  /** The actor's snapshot after it. */
  after: S;
  event: E;
  /** Side effects the event caused. */
  effects: Call[];
}

/**
 * Replays a graph path on a fresh actor: each event is sent for real, the actor must land on the
 * model's state value and context (or projection), then `check` asserts what the views and side
 * effects must show, comparing the actor's own snapshots before and after the event.
 */
export async function walkPath<M extends AnyStateMachine, E extends EventObject = EventFromLogic<M>>(
  path: TestPath<SnapshotFrom<M>, E>,
  start: () => { actor: Actor<M>; take: () => Call[] },
  check: (step: StepCheck<SnapshotFrom<M>, E>) => void,
  project: (snapshot: SnapshotFrom<M>) => unknown = (s) => (s as AnyMachineSnapshot).context,
) {
  const { actor, take } = start();
  let before = actor.getSnapshot();
  let event = { type: 'xstate.init' } as E;
  await path.test({
    events: new Proxy({} as never, {
      get: (_, type) =>
        type === 'xstate.init'
          ? undefined
          : (step: { event: E }) => {
              before = actor.getSnapshot();
              event = step.event;
              actor.send(step.event as EventFromLogic<M>);
            },
    }),
    states: {
      '*': (modelState: AnyMachineSnapshot) => {
        const after = actor.getSnapshot();
        expect((after as AnyMachineSnapshot).value).toEqual(modelState.value);
        expect(project(after)).toEqual(project(modelState as SnapshotFrom<M>));
        check({ before, after, event, effects: take() });
      },
    },
  });
  actor.stop();
}

/** Starts a chart with recording stand-ins and coverage tracking. */
export function startRecorded<M extends AnyStateMachine, const N extends string>(
  machine: M,
  actionNames: readonly N[],
  coverage: TransitionCoverage,
  input?: unknown,
) {
  const recorder = recordActions(actionNames);
  const actor = createActor(machine.provide({ actions: recorder.actions } as never) as M, {
    input,
    inspect: coverage.inspect,
  } as never) as Actor<M>;
  actor.start();
  return { actor, ...recorder };
}

/** A readable test name for a path: its events, payloads included. */
export function describePath(path: { steps: ReadonlyArray<{ event: EventObject }> }): string {
  const events = path.steps
    .filter((s) => s.event.type !== 'xstate.init')
    .map(({ event: { type, ...payload } }) => (Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type));
  return events.length ? events.join(' → ') : '(initial state)';
}
