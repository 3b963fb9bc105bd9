import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject, InspectionEvent } from 'xstate';

// Transition coverage for the chart tests: every transition a chart declares gets a key
// `<state id>:<event type>#<index among that event's candidates>` (`always` for eventless ones), and
// actors started with `coverage.inspect` report each transition they take. A chart's test file ends by
// asserting that nothing declared was left unwalked, so a new transition needs a test that takes it.
// The model's `events` table goes through `coverage.examples`: every event type the chart accepts must
// have an example there, or the check fails (createTestModel would otherwise walk it with a bare
// `{ type }` it makes up, whatever payload the event carries).

const ALWAYS = 'always';

function* stateNodes(node: AnyStateNode): Generator<AnyStateNode> {
  yield node;
  for (const child of Object.values(node.states) as AnyStateNode[]) yield* stateNodes(child);
}

/** The key of a transition definition, found by its position in its source node's candidate list. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const always = (source.always ?? []) as AnyTransitionDefinition[];
  const alwaysIndex = always.indexOf(t);
  if (alwaysIndex !== -1) return `${source.id}:${ALWAYS}#${alwaysIndex}`;
  const candidates = (source.transitions.get(t.eventType) ?? []) as AnyTransitionDefinition[];
  const index = candidates.indexOf(t);
  if (index === -1) throw new Error(`transition ${t.eventType} is not declared on ${source.id}`);
  return `${source.id}:${t.eventType}#${index}`;
}

/** Every transition the chart declares: each event's guarded alternatives and each `always` alternative. */
export function declaredTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of stateNodes(machine.root)) {
    for (const [eventType, candidates] of node.transitions as Map<string, AnyTransitionDefinition[]>) {
      candidates.forEach((_, i) => keys.push(`${node.id}:${eventType}#${i}`));
    }
    ((node.always ?? []) as AnyTransitionDefinition[]).forEach((_, i) => keys.push(`${node.id}:${ALWAYS}#${i}`));
  }
  return keys.sort();
}

/** The event types the chart's transitions answer to (internal `xstate.*` events aside). */
export function acceptedEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of stateNodes(machine.root)) {
    for (const eventType of (node.transitions as Map<string, unknown>).keys()) if (!eventType.startsWith('xstate.')) types.add(eventType);
  }
  return [...types].sort();
}

type ExampleEvents = readonly EventObject[] | ((snapshot: never) => readonly EventObject[]);

export interface TransitionCoverage {
  readonly declared: readonly string[];
  readonly walked: ReadonlySet<string>;
  /** Event types that have an example in the test's events table. */
  readonly listed: ReadonlySet<string>;
  /** Pass as the actor's `inspect` option. */
  inspect: (event: InspectionEvent) => void;
  /** Wrap the model's `events` table (array or function of the state) with this; it is returned as is. */
  examples<T extends ExampleEvents>(events: T): T;
  missing(): string[];
  /** Event types the chart accepts that the events table gives no example of. */
  unlisted(): string[];
}

export function trackTransitions(machine: AnyStateMachine): TransitionCoverage {
  const declared = declaredTransitions(machine);
  const accepted = acceptedEventTypes(machine);
  const walked = new Set<string>();
  const listed = new Set<string>();
  const list = (events: readonly EventObject[]) => {
    for (const e of events) listed.add(e.type);
    return events;
  };
  return {
    declared,
    walked,
    listed,
    inspect(event) {
      if (event.type !== '@xstate.microstep') return;
      for (const t of event._transitions) walked.add(transitionKey(t));
    },
    examples<T extends ExampleEvents>(events: T): T {
      if (typeof events !== 'function') return list(events as readonly EventObject[]) as T;
      const table = events as (snapshot: never) => readonly EventObject[];
      return ((snapshot: never) => list(table(snapshot))) as T;
    },
    missing: () => declared.filter((k) => !walked.has(k)),
    unlisted: () => accepted.filter((type) => !listed.has(type)),
  };
}

/** Throws, naming them, when some declared transitions were never taken. */
export function assertEveryTransitionWalked(coverage: TransitionCoverage): void {
  const missing = coverage.missing();
  const unknown = [...coverage.walked].filter((k) => !coverage.declared.includes(k));
  const unlisted = coverage.unlisted();
  if (missing.length || unknown.length || unlisted.length) {
    throw new Error(
      [
        missing.length ? `transitions no test walks (${missing.length}/${coverage.declared.length}):\n  ${missing.join('\n  ')}` : '',
        unknown.length ? `walked transitions the chart does not declare:\n  ${unknown.join('\n  ')}` : '',
        unlisted.length
          ? `event types with no example in the model's events table (pass it through coverage.examples):\n  ${unlisted.join('\n  ')}`
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
}
