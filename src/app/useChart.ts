import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorOptions, AnyStateMachine, InspectionEvent } from 'xstate';
import { traceInspector } from './trace';

/**
 * `useActorRef` for a chart, with the event-trace recorder (src/app/trace.ts) as its `inspect` option
 * (merged with one the caller gives): every feature hook creates its chart's actor through this.
 */
export const useChart = ((machine: AnyStateMachine, options?: ActorOptions<AnyStateMachine>, observer?: unknown) => {
  const [inspect] = useState(() => {
    const trace = traceInspector(machine, options?.input);
    const own = options?.inspect;
    if (!own) return trace;
    return (ev: InspectionEvent) => {
      if (typeof own === 'function') own(ev);
      else own.next?.(ev);
      trace(ev);
    };
  });
  return useActorRef(machine, { ...options, inspect }, observer as never);
}) as typeof useActorRef;
