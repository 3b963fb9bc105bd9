import { and, asc, count, desc, eq, ilike, inArray, isNull, ne } from 'drizzle-orm';
import { contents, contentTags, tags } from '../db/schema/index';
import type { Executor } from '../db/client';
import { conflict } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { tableResource } from './table';
import { tagResource } from '../../models/resources/marketing';
import { aliasFromTitle } from '../../models/alias';
import type { Tag } from '../../models/tag';

// Tags (/Tag/index): a site's tag list with how many live content items use each tag.

type TagRow = typeof tags.$inferSelect;

const toTag = (r: TagRow, contentCount = 0): Tag => ({
  id: r.id,
  site_id: r.siteId,
  name: r.name,
  alias: r.alias,
  description: r.description,
  sort: r.sort,
  content_count: contentCount,
  created_at: iso(r.createdAt)!,
});

/** Live content items per tag. */
export async function tagContentCounts(db: Executor, tagIds: number[]): Promise<Map<number, number>> {
  if (!tagIds.length) return new Map();
  const rows = await db
    .select({ tagId: contentTags.tagId, n: count() })
    .from(contentTags)
    .innerJoin(contents, eq(contents.id, contentTags.contentId))
    .where(and(inArray(contentTags.tagId, tagIds), isNull(contents.deletedAt)))
    .groupBy(contentTags.tagId);
  return new Map(rows.map((r) => [r.tagId, Number(r.n)]));
}

/** A tag's alias when none is given: the name in full pinyin. */
export const tagAlias = (name: string) => aliasFromTitle(name, 'full');

const base = tableResource({
  def: tagResource,
  table: tags,
  columns: { id: tags.id, siteId: tags.siteId, deletedAt: tags.deletedAt, deletedBy: tags.deletedBy },
  title: tags.name,
  toApi: (r: TagRow) => toTag(r),
  toValues: (b) => ({
    name: b.name,
    alias: (b.alias as string) || tagAlias(b.name as string),
    description: b.description,
    sort: b.sort,
  }),
  where: (q) => [q.name ? ilike(tags.name, likeText(q.name)) : undefined],
  orderBy: [asc(tags.sort), desc(tags.id)],
  // Names are unique among a site's live tags (the database index backs this up).
  async check({ db, siteId, current }, body) {
    const name = body.name as string;
    const [taken] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.siteId, siteId!), eq(tags.name, name), isNull(tags.deletedAt), current ? ne(tags.id, current.id) : undefined));
    if (taken) throw conflict('tag.nameTaken', { name });
  },
});

export const tagServerResource = {
  ...base,
  async list(ctx: Parameters<typeof base.list>[0], query: Parameters<typeof base.list>[1]) {
    const { rows, count: total } = await base.list(ctx, query);
    const tagRows = rows as Tag[];
    const counts = await tagContentCounts(ctx.app.ctx.db, tagRows.map((r) => r.id));
    return { rows: tagRows.map((r) => ({ ...r, content_count: counts.get(r.id) ?? 0 })), count: total };
  },
  async read(ctx: Parameters<typeof base.read>[0], id: number) {
    const tag = (await base.read(ctx, id)) as Tag;
    return { ...tag, content_count: (await tagContentCounts(ctx.app.ctx.db, [id])).get(id) ?? 0 };
  },
};
