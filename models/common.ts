import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/** Largest value an integer column holds (PostgreSQL int4): a bigger id cannot exist, a bigger number cannot be stored. */
export const MAX_INT = 2_147_483_647;
/** A record id. */
export const Id = z.coerce.number().int().positive().max(MAX_INT);

/** `?page=&limit=` of every list call. */
export const Paging = z.object({
  page: z.coerce.number().int().min(1).max(MAX_INT).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type Paging = z.infer<typeof Paging>;

export const IdQuery = z.object({ id: Id });
export const IdsBody = z.object({ ids: z.array(Id).min(1).max(1000) });
export type IdsBody = z.infer<typeof IdsBody>;

/** Status shared by admins, sites and most records: 1 normal/active, 2 disabled. */
export const STATUS_ACTIVE = 1;
export const STATUS_DISABLED = 2;
export const Status = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));

/** Optional text filter: empty strings mean "no filter". A NUL cannot be stored in PostgreSQL text, so it is refused (400), never sent. */
export const TextFilter = z
  .string()
  .trim()
  .max(100)
  .regex(/^[^\u0000]*$/)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Optional numeric filter from a query string: '' means "no filter". */
export const NumberFilter = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number().int().min(-MAX_INT).max(MAX_INT).optional(),
);

/** Dates a filter may name: PostgreSQL timestamps (and a range's end + 1 day) hold all of them. */
export const DATE_FILTER_MIN = new Date('1000-01-01T00:00:00Z');
export const DATE_FILTER_MAX = new Date('9999-12-31T00:00:00Z');

/** Optional date filter (yyyy-mm-dd or ISO); a year the database cannot hold is refused (400), not sent. */
export const DateFilter = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.date().min(DATE_FILTER_MIN).max(DATE_FILTER_MAX).optional(),
);
