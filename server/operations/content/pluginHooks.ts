import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/index';
import { notify, pluginHostOf, wants } from '../../pluginHost/hookPoints';
import { publishedById, siteById } from '../../public/data';
import { urls } from '../../public/urls';
import type { ContentSave } from '../../../models/content';

// Content saving's plugin hook points: content.beforeSave may change the draft's title, description and body
// before the write; content.afterSave hears of the stored item (with its public URL while it is published)
// after the commit, without delaying the answer.

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 1000;

/** The body with what enabled plugins changed (strings only, cut to the fields' limits). */
export async function pluginDraft<T extends Pick<ContentSave, 'title' | 'description' | 'body'>>(db: Db, siteId: number, contentId: number | null, body: T): Promise<T> {
  const host = pluginHostOf(db);
  if (!wants(host, 'content.beforeSave')) return body;
  let draft = { title: body.title, description: body.description, content: body.body };
  for (const { result } of await host.run('content.beforeSave', { siteId, contentId, draft: { ...draft } })) {
    if (!result) continue;
    if (typeof result.title === 'string' && result.title.trim()) draft = { ...draft, title: result.title.trim().slice(0, TITLE_MAX) };
    if (typeof result.description === 'string') draft = { ...draft, description: result.description.slice(0, DESCRIPTION_MAX) };
    if (typeof result.content === 'string') draft = { ...draft, content: result.content };
  }
  return { ...body, title: draft.title, description: draft.description, body: draft.content };
}

/** The public URL of a published item (http://<site domain>/<column>/<id>.html), or null. */
export async function publicContentUrl(db: Db, siteId: number, contentId: number): Promise<string | null> {
  const row = await publishedById(db, siteId, contentId);
  const site = row && (await siteById(db, siteId));
  if (!row || !site?.domain) return null;
  const [column] = await db.select({ id: categories.id, alias: categories.alias }).from(categories).where(eq(categories.id, row.categoryId));
  return column ? `http://${site.domain}${urls.content(column, row.id)}` : null;
}

/** Tells enabled plugins an item was stored (after the commit; never waits, never fails the save). */
export function contentSaved(db: Db, saved: { id: number; siteId: number }, created: boolean) {
  notify(pluginHostOf(db), 'content.afterSave', async () => {
    const url = await publicContentUrl(db, saved.siteId, saved.id);
    return { siteId: saved.siteId, contentId: saved.id, created, published: url !== null, url };
  });
}
