import { and, eq, inArray, isNull } from 'drizzle-orm';
import { contentTags, tags } from '../../db/schema/index';
import type { Executor } from '../../db/client';

// Content is tagged by name: a name the site has no tag for yet becomes a new tag of that site.

/** Trimmed names, each once, in the order given. */
export function tagNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()).filter(Boolean))];
}

/** Replaces a content item's tags with these names (creating the site's missing tags); answers the names as reads list them. */
export async function setContentTags(db: Executor, contentId: number, siteId: number, names: readonly string[]): Promise<string[]> {
  const wanted = tagNames(names);
  await db.delete(contentTags).where(eq(contentTags.contentId, contentId));
  if (!wanted.length) return [];
  // DO NOTHING: a concurrent save may have just created the same tag; it is picked up below.
  await db
    .insert(tags)
    .values(wanted.map((name) => ({ siteId, name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.siteId, siteId), inArray(tags.name, wanted), isNull(tags.deletedAt)));
  await db
    .insert(contentTags)
    .values(rows.map((r) => ({ contentId, tagId: r.id })))
    .onConflictDoNothing();
  // In the order reads list them (tag creation order).
  return rows.sort((a, b) => a.id - b.id).map((r) => r.name);
}
