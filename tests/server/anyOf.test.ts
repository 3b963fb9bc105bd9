import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertSite } from '../helpers/fixtures';
import { insertColumnFor } from '../helpers/marketingFixtures';
import { insertPublished } from '../helpers/publicFixtures';
import { anyOf } from '../../server/db/listing';
import { contents } from '../../server/db/schema/index';
import { publishedByIds, tagsByContent } from '../../server/public/data';

// `column = any($1)` (server/db/listing.ts anyOf), which the public reads by id use: the same rows as inArray on the
// embedded database and on PostgreSQL, one statement text whatever the number of ids (one array parameter), and no
// rows for no ids.

let t: TestApp;
let site: number;
const ids: number[] = [];
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  site = await insertSite(t, 'AnyOf');
  const column = await insertColumnFor(t, site);
  for (let i = 0; i < 12; i++) ids.push((await insertPublished(t, site, column, { title: `Item ${i}`, tags: i % 3 ? [`t${i % 3}`] : [] })).id);
});
afterAll(() => t?.close());

describe('anyOf', () => {
  it('reads the rows inArray reads, with one statement text for any number of ids', async () => {
    const some = [ids[3]!, ids[0]!, ids[7]!, 999_999_999];
    const byAny = await t.db.select({ id: contents.id }).from(contents).where(anyOf(contents.id, some));
    const byIn = await t.db.select({ id: contents.id }).from(contents).where(inArray(contents.id, some));
    expect(byAny.map((r) => r.id).sort()).toEqual(byIn.map((r) => r.id).sort());
    expect(byAny).toHaveLength(3);
    expect(await t.db.select({ id: contents.id }).from(contents).where(anyOf(contents.id, []))).toEqual([]);

    const one = t.db.select({ id: contents.id }).from(contents).where(anyOf(contents.id, [1])).toSQL();
    const many = t.db.select({ id: contents.id }).from(contents).where(anyOf(contents.id, ids)).toSQL();
    expect(many.sql).toBe(one.sql);
    expect(many.params).toEqual([ids]);
  });

  it('serves the public reads by id: rows and tags as before', async () => {
    const rows = await publishedByIds(t.db, site, [ids[1]!, ids[2]!, ids[4]!]);
    expect(rows.map((r) => r.title).sort()).toEqual(['Item 1', 'Item 2', 'Item 4']);
    const tags = await tagsByContent(t.db, ids);
    expect([...tags.keys()].sort((a, b) => a - b)).toEqual(ids.filter((_, i) => i % 3));
    expect(tags.get(ids[4]!)!.map((x) => x.name)).toEqual(['t1']);
  });
});
