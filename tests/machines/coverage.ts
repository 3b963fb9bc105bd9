import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

// Transition coverage for the chart tests: every transition a chart declares gets a key
// `<state id>:<event type>#<index among that event's candidates>` (`always` for eventless ones), and
// actors started with `coverage.inspect` report each transition they take. A chart's test file ends by
// asserting that nothing declared was left unwalked, so a new transition needs a test that takes it.

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

export interface TransitionCoverage {
  readonly declared: readonly string[];
  readonly walked: ReadonlySet<string>;
  /** Pass as the actor's `inspect` option. */
  inspect: (event: InspectionEvent) => void;
  missing(): string[];
}

export function trackTransitions(machine: AnyStateMachine): TransitionCoverage {
  const declared = declaredTransitions(machine);
  const walked = new Set<string>();
  return {
    declared,
    walked,
    inspect(event) {
      if (event.type !== '@xstate.microstep') return;
      for (const t of event._transitions) walked.add(transitionKey(t));
    },
    missing: () => declared.filter((k) => !walked.has(k)),
  };
}

/** Throws, naming them, when some declared transitions were never taken. */
export function assertEveryTransitionWalked(coverage: TransitionCoverage): void {
  const missing = coverage.missing();
  const unknown = [...coverage.walked].filter((k) => !coverage.declared.includes(k));
  if (missing.length || unknown.length) {
    throw new Error(
      [
        missing.length ? `transitions no test walks (${missing.length}/${coverage.declared.length}):\n  ${missing.join('\n  ')}` : '',
        unknown.length ? `walked transitions the chart does not declare:\n  ${unknown.join('\n  ')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
}
