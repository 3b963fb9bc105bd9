import { z } from 'zod';

// `?orderBy=&order=` of a list that can be sorted (issue 16): orderBy is one of the keys the list
// declares (each read in order from an index), order is asc or desc. No orderBy: the list's own default
// order. Any other value is refused with a localized 400, never passed on to SQL.

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_ORDERS)[number];

const blankIsNone = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The sort parameters of a list whose sortable keys are `keys`; spread into its list query's shape. */
export function sortQuery<const K extends readonly [string, ...string[]]>(keys: K) {
  return {
    orderBy: z.preprocess(blankIsNone, z.enum(keys).optional()),
    order: z.preprocess(blankIsNone, z.enum(SORT_ORDERS).optional()),
  };
}

