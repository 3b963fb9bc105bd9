import { Placeholder, sql } from 'drizzle-orm';

// Issue 14: a list call's statement is built once per shape, not once per call. Building a drizzle select (its
// SQL text and parameters) cost about as much Node CPU as the rest of an admin list call together. So a list binds
// its values as named placeholders (ListBinds), and the prepared statement of each shape (which filters are set,
// the order, the number of columns) is kept per database handle and executed with that call's values. On
// PostgreSQL it is also a named server-side statement, so the connection parses it once.

/** A list's values, as placeholders named by label when its statement is kept prepared, or as themselves. */
export class ListBinds {
  readonly values: Record<string, unknown> = {};
  readonly labels: string[] = [];

  constructor(readonly placeholders: boolean) {}

  /** `value` itself, or a placeholder for it (each label names one value of the statement). */
  bind<T>(label: string, value: T): T | Placeholder<string, T> {
    if (!this.placeholders) return value;
    if (!(label in this.values)) this.labels.push(label);
    this.values[label] = value;
    return sql.placeholder(label) as Placeholder<string, T>;
  }
}

interface Preparable<T> {
  toSQL(): { params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
}
type Prepared<T> = { execute(values?: Record<string, unknown>): Promise<T> };

/** Most shapes kept per database handle (and PostgreSQL statement names per connection); then built per call. */
const SHAPES_MAX = 200;
const kept = new WeakMap<object, Map<string, Prepared<unknown> | null>>();
let named = 0;

/**
 * Runs the statement of `shape` with `binds.values`, prepared on its first call (`build`) and kept for `db`. A
 * statement with a value not bound as a placeholder (a date range) is never kept, as it would answer that value
 * forever: it is built for each call and run unnamed.
 */
export async function runPrepared<T>(db: object, shape: string, binds: ListBinds, build: () => Preparable<T>): Promise<T> {
  let shapes = kept.get(db);
  if (!shapes) kept.set(db, (shapes = new Map()));
  let prepared = shapes.get(shape) as Prepared<T> | null | undefined;
  if (prepared === undefined) {
    const statement = build();
    const bound = statement.toSQL().params.every((p) => p instanceof Placeholder);
    if (!bound || shapes.size >= SHAPES_MAX) {
      if (!bound && shapes.size < SHAPES_MAX) shapes.set(shape, null);
      return await unnamed(statement, binds);
    }
    prepared = statement.prepare(`content_list_shape_${++named}`);
    shapes.set(shape, prepared as Prepared<unknown>);
  }
  if (prepared === null) return await unnamed(build(), binds);
  return await prepared.execute(binds.values);
}

/** Runs a statement once with its placeholders filled (an empty name: PostgreSQL's unnamed statement). */
const unnamed = <T>(statement: Preparable<T>, binds: ListBinds) => statement.prepare('').execute(binds.values);
