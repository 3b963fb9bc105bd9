import { categories, contents, models } from '../../server/db/schema/index';
import type { TestApp } from './app';
import { uniqueName } from './fixtures';

// Content for the tag-generator and recycle-bin tests, inserted straight into the database (the content
// API belongs to another domain and is tested there).

/** A model and a column in the site, for content to live in. */
export async function insertColumnFor(t: TestApp, siteId: number): Promise<number> {
  const key = uniqueName('mkt_model').replace(/-/g, '_');
  const [model] = await t.db.insert(models).values({ name: key, key }).returning({ id: models.id });
  const [column] = await t.db
    .insert(categories)
    .values({ siteId, modelId: model!.id, title: uniqueName('Column'), alias: uniqueName('mkt-col').toLowerCase() })
    .returning({ id: categories.id });
  return column!.id;
}

export async function insertContent(t: TestApp, siteId: number, fields: { title: string; body?: string; categoryId?: number; deletedAt?: Date }): Promise<number> {
  const categoryId = fields.categoryId ?? (await insertColumnFor(t, siteId));
  const [row] = await t.db
    .insert(contents)
    .values({ siteId, categoryId, title: fields.title, body: fields.body ?? '', deletedAt: fields.deletedAt ?? null })
    .returning({ id: contents.id });
  return row!.id;
}
