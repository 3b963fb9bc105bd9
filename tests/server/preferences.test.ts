import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { MAX_PREFERENCE_TABLES, MAX_TABLE_COLUMNS } from '../../models/preferences';

// Issue 16: an admin's column settings and density, kept per admin and per table on the server.
// GET/POST /admin/preferences only ever read and write the signed-in admin's own settings.

let t: TestApp;
let superToken: string;
let a: { id: number; token: string };
let b: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  a = await adminWithRole(t, superToken, ['tag']);
  b = await adminWithRole(t, superToken, ['tag']);
});
afterAll(() => t?.close());

const as = (token: string, language = 'en') => t.client(token, { language });
const tagSettings = { hidden: ['sort'], order: ['title', 'id'], widths: { title: 240 }, density: 'comfortable' };

/** A refused save: the given status, a sentence in the caller's language, and no row changed anywhere. */
async function expectRefused(body: unknown, expected: { status: number; en: RegExp; zh: RegExp }) {
  const before = await dbFingerprint(t);
  const en = await as(a.token).post('/admin/preferences', body);
  const zh = await as(a.token, 'zh').post('/admin/preferences', body);
  expect(en.status).toBe(expected.status);
  expect(en.code).toBe(expected.status);
  expect(en.msg).toMatch(expected.en);
  expect(zh.msg).toMatch(expected.zh);
  expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
}

describe('an admin keeps column settings per table', () => {
  it('an admin who never changed a table reads no settings', async () => {
    const res = await as(b.token).get('/admin/preferences');
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual({ tables: {} });
  });

  it('an admin saves a table’s settings and reads them back, with defaults for what they left out', async () => {
    const saved = await as(a.token).post('/admin/preferences', { table: 'tag', settings: tagSettings });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.msg).toBe('Table settings saved');
    const other = await as(a.token).post('/admin/preferences', { table: 'admin', settings: { hidden: ['phone'] } });
    expect(other.code, other.msg).toBe(0);
    const res = await as(a.token).get('/admin/preferences');
    expect(res.data).toEqual({ tables: { tag: tagSettings, admin: { hidden: ['phone'], order: [], widths: {}, density: 'compact' } } });
  });

  it('an admin puts one table back to its defaults without touching the others', async () => {
    await as(a.token).post('/admin/preferences', { table: 'content', settings: { density: 'comfortable' } });
    const reset = await as(a.token).post('/admin/preferences', { table: 'content', settings: null });
    expect(reset.code, reset.msg).toBe(0);
    const res = await as(a.token).get('/admin/preferences');
    expect(Object.keys(res.data.tables).sort()).toEqual(['admin', 'tag']);
  });
});

describe('an admin sees and changes only their own settings', () => {
  it('another admin does not see an admin’s settings', async () => {
    const res = await as(b.token).get('/admin/preferences');
    expect(res.data).toEqual({ tables: {} });
  });

  it('another admin’s save changes only their own row', async () => {
    const before = await as(a.token).get('/admin/preferences');
    const saved = await as(b.token).post('/admin/preferences', { table: 'tag', settings: { hidden: ['title'], density: 'compact' } });
    expect(saved.code, saved.msg).toBe(0);
    expect((await as(a.token).get('/admin/preferences')).data).toEqual(before.data);
    expect((await as(b.token).get('/admin/preferences')).data.tables.tag.hidden).toEqual(['title']);
  });

  it('a save cannot name another admin', async () => {
    await expectRefused({ table: 'tag', settings: tagSettings, admin_id: b.id }, { status: 400, en: /Unsupported fields: .*admin_id/, zh: /不支持的字段：.*admin_id/ });
    expect((await as(b.token).get('/admin/preferences')).data.tables.tag.hidden).toEqual(['title']);
  });

  it('nobody reads or saves settings without signing in', async () => {
    const read = await t.client(undefined, { language: 'en' }).get('/admin/preferences');
    const save = await t.client(undefined, { language: 'en' }).post('/admin/preferences', { table: 'tag', settings: tagSettings });
    for (const res of [read, save]) {
      expect(res.code).toBe(50008);
      expect(res.data).toBeNull();
    }
  });
});

describe('a save outside the schema is refused and changes nothing', () => {
  it('an unknown density', () =>
    expectRefused({ table: 'tag', settings: { density: 'huge' } }, { status: 400, en: /comfortable/, zh: /comfortable/ }));

  it('a column width out of bounds', () =>
    expectRefused({ table: 'tag', settings: { widths: { title: 5000 } } }, { status: 400, en: /at most 800/, zh: /不能大于 800/ }));

  it('a column name that is not a name', () =>
    expectRefused({ table: 'tag', settings: { hidden: ['<img src=x onerror=alert(1)>'] } }, { status: 400, en: /column name is not in a valid format/, zh: /列名格式不正确/ }));

  it('a column listed twice', () =>
    expectRefused({ table: 'tag', settings: { order: ['id', 'id'] } }, { status: 400, en: /listed twice/, zh: /列名不能重复/ }));

  it('a table id that is not an id', () =>
    expectRefused({ table: '../etc', settings: {} }, { status: 400, en: /table id is not in a valid format/, zh: /表格标识格式不正确/ }));

  it('a key the settings do not know', () =>
    expectRefused({ table: 'tag', settings: { colour: 'red' } }, { status: 400, en: /Unsupported fields: .*colour/, zh: /不支持的字段：.*colour/ }));

  it('more columns than a table may list', () =>
    expectRefused(
      { table: 'tag', settings: { hidden: Array.from({ length: MAX_TABLE_COLUMNS + 1 }, (_, i) => `c${i}`) } },
      { status: 400, en: new RegExp(`at most ${MAX_TABLE_COLUMNS} items`), zh: new RegExp(`最多 ${MAX_TABLE_COLUMNS} 项`) },
    ));
});

describe('an admin’s settings are bounded in size', () => {
  it('a body far beyond the bound is refused before it is read', () =>
    expectRefused({ table: 'tag', settings: { hidden: [], pad: 'x'.repeat(200_000) } }, { status: 413, en: /too large/, zh: /过大/ }));

  it('settings for more tables than an admin may keep are refused, the earlier ones stay', async () => {
    const c = await adminWithRole(t, superToken, ['tag']);
    for (let i = 0; i < MAX_PREFERENCE_TABLES; i++) {
      const res = await as(c.token).post('/admin/preferences', { table: `t${i}`, settings: {} });
      expect(res.code, res.msg).toBe(0);
    }
    const before = await dbFingerprint(t);
    const over = await as(c.token).post('/admin/preferences', { table: 'oneTooMany', settings: {} });
    expect(over.status).toBe(413);
    expect(over.code).toBe(413);
    expect(over.msg).toMatch(/exceed the size that can be kept/);
    expect((await as(c.token, 'zh').post('/admin/preferences', { table: 'oneTooMany', settings: {} })).msg).toMatch(/已超出保存上限/);
    expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
    // Changing a table already kept still works.
    expect((await as(c.token).post('/admin/preferences', { table: 't0', settings: { density: 'comfortable' } })).code).toBe(0);
  });

  it('settings whose stored JSON would pass the byte bound are refused', async () => {
    const d = await adminWithRole(t, superToken, ['tag']);
    const long = (i: number) => `${'c'.repeat(60)}${String(i).padStart(3, '0')}`;
    const big = { hidden: Array.from({ length: MAX_TABLE_COLUMNS }, (_, i) => long(i)), order: Array.from({ length: MAX_TABLE_COLUMNS }, (_, i) => long(i)) };
    let refused = 0;
    for (let i = 0; i < 8 && !refused; i++) {
      const res = await as(d.token).post('/admin/preferences', { table: `big${i}`, settings: big });
      if (res.code !== 0) {
        expect(res.status).toBe(413);
        expect(res.msg).toMatch(/exceed the size that can be kept/);
        refused = i;
      }
    }
    expect(refused).toBeGreaterThan(0);
    const stored = await t.db.execute(sql`select length(preferences::text) as n from admins where id = ${d.id}`);
    expect(Number((stored as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBeLessThanOrEqual(32 * 1024);
  });

  it('a stored value that no longer fits the schema reads as no settings', async () => {
    const e = await adminWithRole(t, superToken, ['tag']);
    await t.db.execute(sql`update admins set preferences = '{"tables":{"tag":{"density":"gigantic"}}}'::jsonb where id = ${e.id}`);
    expect((await as(e.token).get('/admin/preferences')).data).toEqual({ tables: {} });
  });
});
