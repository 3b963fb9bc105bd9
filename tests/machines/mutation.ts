import { createMachine, type AnyStateMachine } from 'xstate';
import type { TransitionCoverage } from './coverage';

// The model-based tests of a chart as data, so that the chart's own test file and the mutation check
// (mutants.test.ts) run the very same paths and assertions: a suite is a function of the machine.

export interface ModelTest {
  name: string;
  run: () => Promise<void>;
}

/** The model-based tests of a chart, built for `machine` (the real chart or a mutant of it). */
export type ModelSuite<M extends AnyStateMachine> = (machine: M, coverage: TransitionCoverage) => ModelTest[];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** A deep copy of plain objects and arrays; functions and everything else are shared. */
function copyConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyConfig) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyConfig(v)])) as T;
  return value;
}

/**
 * A mutant of the chart: its config copied and changed by `edit` (drop an action, retarget a transition,
 * remove a guard), with the chart's own actions and guards, which `provide` may replace too.
 */
export function mutate<M extends AnyStateMachine>(machine: M, edit: (config: any) => void, provide?: Parameters<M['provide']>[0]): M {
  const config = copyConfig(machine.config);
  edit(config);
  const mutant = createMachine(config, machine.implementations as never) as unknown as M;
  return (provide ? mutant.provide(provide as never) : mutant) as M;
}

/** Runs the tests until one fails: the first failing test's name and error, or null when every test passes. */
export async function firstFailure(tests: readonly ModelTest[]): Promise<{ name: string; error: unknown } | null> {
  for (const test of tests) {
    try {
      await test.run();
    } catch (error) {
      return { name: test.name, error };
    }
  }
  return null;
}
