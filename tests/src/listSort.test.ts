import { describe, expect, it } from 'vitest';
import { queryFromSearch, searchWithQuery, type ListKeys } from '../../src/features/resource/listLocation';
import { contentListDef } from '../../src/features/content/listDef';
import { RESOURCES } from '../../models/resources';
import type { ListQuery } from '../../machines/resourceList.machine';

// Issue 16: a list's sort is in its URL beside its page, size and filters (?orderBy=views&order=desc), and
// every column a list declares sortable is a sort its list call accepts.

const keys: ListKeys = { filters: ['keyword', 'status'], limit: 20, sortable: ['id', 'views'] };

describe('a list sort in the URL', () => {
  it('a sorted query goes into the URL and comes back the same; the default order stays out of it', () => {
    const sorted: ListQuery = { page: 2, limit: 20, filters: { keyword: 'x' }, sort: { by: 'views', order: 'desc' } };
    const search = searchWithQuery('model_id=3', sorted, keys);
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ model_id: '3', keyword: 'x', orderBy: 'views', order: 'desc', page: '2' });
    expect(queryFromSearch(search, keys)).toEqual(sorted);
    const unsorted = searchWithQuery(search, { page: 1, limit: 20, filters: {} }, keys);
    expect(unsorted).toBe('model_id=3');
    expect(queryFromSearch(unsorted, keys).sort).toBeUndefined();
  });

  it('a URL naming a column the list does not sort by opens in the default order; an odd direction reads as ascending', () => {
    expect(queryFromSearch('orderBy=password_hash&order=desc', keys).sort).toBeUndefined();
    expect(queryFromSearch('orderBy=id&order=sideways', keys).sort).toEqual({ by: 'id', order: 'asc' });
    expect(queryFromSearch('orderBy=id', { ...keys, sortable: undefined }).sort).toBeUndefined();
  });
});

describe('sortable columns', () => {
  for (const def of [...RESOURCES, contentListDef]) {
    const sortable = def.list.columns.filter((c) => c.sortable).map((c) => c.name);
    if (!sortable.length) continue;
    it(`${def.name}: its list call accepts each sortable column both ways, and nothing else`, () => {
      for (const by of sortable) for (const order of ['asc', 'desc']) expect(def.listQuery.safeParse({ orderBy: by, order }).success, `${by} ${order}`).toBe(true);
      expect(def.listQuery.safeParse({ orderBy: 'no_such_column' }).success).toBe(false);
      expect(def.listQuery.safeParse({ orderBy: sortable[0], order: 'sideways' }).success).toBe(false);
    });
  }

  it('the content list sorts by id, publish and update time, views and sort number', () => {
    expect(contentListDef.list.columns.filter((c) => c.sortable).map((c) => c.name).sort()).toEqual(['id', 'published_at', 'sort', 'updated_at', 'views']);
  });
});
