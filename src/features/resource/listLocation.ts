import type { ListQuery, ListSort, Filters } from '../../../machines/resourceList.machine';

// A list's query in its page's URL (issue 16): page, page size, the filters the list owns and its sort
// (?orderBy=views&order=desc, as the list call names them). Defaults (page 1, the screen's page size, empty
// filters, the list's own order) stay out of the URL; parameters the list does not own (a page's own
// ?model_id=, say) are kept as they are.

export interface ListKeys {
  /** Filter names the URL may carry for this list. */
  filters: readonly string[];
  /** The page size the screen opens with. */
  limit: number;
  /** Columns the list sorts by; a URL naming another is read as the default order. */
  sortable?: readonly string[];
}

const SORT_KEYS = ['orderBy', 'order'];

function sortFrom(params: URLSearchParams, sortable: readonly string[]): ListSort | undefined {
  const by = params.get('orderBy');
  if (by === null || !sortable.includes(by)) return undefined;
  return { by, order: params.get('order') === 'desc' ? 'desc' : 'asc' };
}

const positiveInt = (v: string | null) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The query a URL names (missing parts take the defaults). */
export function queryFromSearch(search: string, keys: ListKeys): ListQuery {
  const params = new URLSearchParams(search);
  const filters: Filters = {};
  for (const name of keys.filters) {
    const value = params.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  const sort = sortFrom(params, keys.sortable ?? []);
  return { page: positiveInt(params.get('page')) ?? 1, limit: positiveInt(params.get('limit')) ?? keys.limit, filters, ...(sort ? { sort } : {}) };
}

/** The URL's search with the list's part replaced by `query` (other parameters kept, in their order). */
export function searchWithQuery(search: string, query: ListQuery, keys: ListKeys): string {
  const params = new URLSearchParams(search);
  for (const name of ['page', 'limit', ...SORT_KEYS, ...keys.filters]) params.delete(name);
  for (const name of keys.filters) {
    const value = query.filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (query.sort) {
    params.set('orderBy', query.sort.by);
    params.set('order', query.sort.order);
  }
  if (query.limit !== keys.limit) params.set('limit', String(query.limit));
  if (query.page !== 1) params.set('page', String(query.page));
  return params.toString();
}
