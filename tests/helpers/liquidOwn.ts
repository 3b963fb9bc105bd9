import fc from 'fast-check';
import { useCompiledTemplates } from '../../server/public/render/engine';
import { installSyncPath } from '../../server/public/render/syncPath';

/** Runs `work` with LiquidJS's own rendering (its generators, no compiled template), then puts Banyan's paths back. */
export function liquidOwn<T>(work: () => T): T {
  installSyncPath(false);
  useCompiledTemplates(false);
  try {
    return work();
  } finally {
    installSyncPath(true);
    useCompiledTemplates(true);
  }
}

/** A render's text, or its error's name and message. */
export const outcome = (work: () => string): { html: string } | { error: string } => {
  try {
    return { html: work() };
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
};

/** Generated values with filters, and conditions (comparisons, and/or) over `expr` (tests of the render paths). */
export function liquidExpressions(expr: fc.Arbitrary<string>, filters: string[]) {
  const filtered = fc.tuple(expr, fc.array(fc.constantFrom(...filters), { maxLength: 3 })).map(([e, fs]) => [e, ...fs].join(' | '));
  const op = fc.constantFrom('==', '!=', '<', '>', '<=', '>=', 'contains');
  const conditions = [
    expr,
    fc.tuple(expr, op, expr).map(([l, o, r]) => `${l} ${o} ${r}`),
    fc.tuple(expr, op, expr, fc.constantFrom('and', 'or'), expr).map(([l, o, r, j, x]) => `${l} ${o} ${r} ${j} ${x}`),
  ];
  return { filtered, conditions };
}
