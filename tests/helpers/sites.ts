import { and, eq, isNull } from 'drizzle-orm';
import { contents, contentTags, tags } from '../../server/db/schema/index';
import type { TestApp } from './app';
import { uniqueName } from './fixtures';

// Sites, models and columns the sites-domain tests set up through the API; content (another domain's API)
// straight into the database.

function must<T>(res: { code: number; msg: string; data: T }, what: string): T {
  if (res.code !== 0) throw new Error(`${what} failed: ${res.code} ${res.msg}`);
  return res.data;
}

let domains = 0;
export const uniqueDomain = (prefix = 'site') => `${prefix}-${process.pid}-${++domains}.example.com`;

export async function createSite(t: TestApp, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.client(token).post<{ id: number }>('/website/save', { name: uniqueName('Site'), domain: uniqueDomain(), ...fields });
  return must(res, 'website/save').id;
}

export async function createModel(t: TestApp, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const key = uniqueName('model').replace(/-/g, '_');
  const res = await t.client(token).post<{ id: number }>('/module/save', { name: key, key, ...fields });
  return must(res, 'module/save').id;
}

export async function createField(t: TestApp, token: string, modelId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const name = uniqueName('field').replace(/-/g, '_');
  const res = await t.client(token).post<{ id: number }>('/modelField/save', { model_id: modelId, name, title: name, type: 'text', ...fields });
  return must(res, 'modelField/save').id;
}

export async function createColumn(t: TestApp, token: string, siteId: number, fields: Record<string, unknown> & { model_id: number }): Promise<number> {
  const res = await t.client(token, { siteId }).post<{ id: number }>('/category/save', { title: uniqueName('Column'), ...fields });
  return must(res, 'category/save').id;
}

/** A content item in a column (the content API belongs to another part of the product). */
export async function insertContent(
  t: TestApp,
  siteId: number,
  categoryId: number,
  fields: { title?: string; fields?: Record<string, unknown>; tags?: string[]; deleted?: boolean } = {},
): Promise<number> {
  const [row] = await t.db
    .insert(contents)
    .values({
      siteId,
      categoryId,
      title: fields.title ?? uniqueName('Article'),
      body: '<p>body</p>',
      fields: fields.fields ?? {},
      deletedAt: fields.deleted ? new Date() : null,
    })
    .returning({ id: contents.id });
  for (const name of fields.tags ?? []) {
    const [found] = await t.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.siteId, siteId), eq(tags.name, name), isNull(tags.deletedAt)));
    const tagId = found?.id ?? (await t.db.insert(tags).values({ siteId, name }).returning({ id: tags.id }))[0]!.id;
    await t.db.insert(contentTags).values({ contentId: row!.id, tagId });
  }
  return row!.id;
}
