import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { categories, contents, contentTags, tags } from '../db/schema/index';
import type { Db, Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { badRequest, forbidden } from '../http/errors';
import { registerJob, type JobContext } from '../jobs/runner';
import { canManageSite } from './sites';
import { loadSiteSettings } from './websiteSettings';
import { takenAliases } from './alias';
import { loadColumns, requireColumnParent, siteColumns } from './categoryTree';
import { aliasFromTitle, uniqueAlias } from '../../models/alias';
import { subtreeIds, treeOrder } from '../../models/tree';
import type { CategoryCopy } from '../../models/category';

// POST /category/copy: a column subtree (and, when asked, its live content with fields and tags) copied
// to another site or parent as a job. Each column and each content item is one step; the runner yields
// to requests between steps, and a cancelled or failed copy removes what it had copied.

export const CATEGORY_COPY_JOB = 'category.copy';
const CONTENT_BATCH = 50;

const Payload = z.object({
  source_id: z.number().int(),
  target_site_id: z.number().int(),
  target_parent_id: z.number().int(),
  with_content: z.boolean(),
  admin_id: z.number().int(),
});
type Payload = z.infer<typeof Payload>;

/** Checks a copy request and starts the job; answers the job id at once. */
export async function startCategoryCopy(db: Db, enqueue: (payload: Payload, siteId: number) => Promise<number>, auth: AuthContext, body: CategoryCopy) {
  const [source] = await loadColumns(db, auth, [body.id]);
  if (!canManageSite(auth, body.target_site_id)) throw forbidden('error.siteForbidden');
  await loadSiteSettings(db, body.target_site_id);
  await requireColumnParent(db, auth, body.target_site_id, body.target_parent_id);
  if (body.target_site_id === source!.siteId && subtreeIds(await siteColumns(db, source!.siteId), source!.id).has(body.target_parent_id)) {
    throw badRequest('category.copyTargetInvalid');
  }
  const payload: Payload = {
    source_id: source!.id,
    target_site_id: body.target_site_id,
    target_parent_id: body.target_parent_id,
    with_content: body.with_content,
    admin_id: auth.adminId,
  };
  return { source: source!, jobId: await enqueue(payload, body.target_site_id) };
}

interface Created {
  categories: number[];
  contents: number[];
  tags: number[];
}

/** Removes a partial copy (the job was cancelled or failed). */
async function undo(db: Db, created: Created) {
  if (created.contents.length) await db.delete(contents).where(inArray(contents.id, created.contents));
  if (created.categories.length) await db.delete(categories).where(inArray(categories.id, created.categories));
  if (created.tags.length) await db.delete(tags).where(inArray(tags.id, created.tags));
}

/** The target site's tag of that name, made when missing. */
function tagFinder(db: Executor, siteId: number, created: Created) {
  const cache = new Map<string, number>();
  return async (name: string): Promise<number> => {
    const known = cache.get(name);
    if (known) return known;
    const [found] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.siteId, siteId), eq(tags.name, name), isNull(tags.deletedAt)));
    let id = found?.id;
    if (!id) {
      const [row] = await db.insert(tags).values({ siteId, name }).returning({ id: tags.id });
      id = row!.id;
      created.tags.push(id);
    }
    cache.set(name, id);
    return id;
  };
}

async function copy(ctx: JobContext, p: Payload, created: Created) {
  const { db } = ctx;
  const [source] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, p.source_id), isNull(categories.deletedAt)));
  if (!source) throw new Error('the column to copy no longer exists');
  const siteRows = await db
    .select()
    .from(categories)
    .where(and(eq(categories.siteId, source.siteId), isNull(categories.deletedAt)));
  const inTree = subtreeIds(siteRows.map((r) => ({ id: r.id, parent_id: r.parentId })), source.id);
  const subtree = treeOrder(siteRows.filter((r) => inTree.has(r.id)).map((r) => ({ ...r, parent_id: r.parentId })));
  const contentIds = p.with_content
    ? (
        await db
          .select({ id: contents.id })
          .from(contents)
          .where(and(inArray(contents.categoryId, [...inTree]), isNull(contents.deletedAt)))
          .orderBy(asc(contents.id))
      ).map((c) => c.id)
    : [];
  const total = subtree.length + contentIds.length;
  let done = 0;
  const step = async () => ctx.progress(++done, total);

  const { settings } = await loadSiteSettings(db, p.target_site_id);
  const taken = await takenAliases(db, p.target_site_id);
  const newId = new Map<number, number>();
  for (const { id, parent_id: _parentId, depth: _depth, siteId: _siteId, createdAt: _c, updatedAt: _u, deletedAt: _d, deletedBy: _b, ...column } of subtree) {
    if (ctx.cancelled()) return null;
    const alias = uniqueAlias(column.alias || aliasFromTitle(column.title, settings.alias_rule), taken);
    taken.add(alias);
    const parentId = id === source.id ? p.target_parent_id : newId.get(column.parentId)!;
    const [row] = await db
      .insert(categories)
      .values({ ...column, siteId: p.target_site_id, parentId, alias })
      .returning({ id: categories.id });
    newId.set(id, row!.id);
    created.categories.push(row!.id);
    await step();
  }

  const tagId = tagFinder(db, p.target_site_id, created);
  for (let i = 0; i < contentIds.length; i += CONTENT_BATCH) {
    const batch = contentIds.slice(i, i + CONTENT_BATCH);
    const rows = await db.select().from(contents).where(inArray(contents.id, batch)).orderBy(asc(contents.id));
    const tagRows = await db
      .select({ contentId: contentTags.contentId, name: tags.name })
      .from(contentTags)
      .innerJoin(tags, eq(tags.id, contentTags.tagId))
      .where(inArray(contentTags.contentId, batch));
    for (const { id, siteId: _s, categoryId, createdAt: _c, updatedAt: _u, deletedAt: _d, deletedBy: _b, views: _v, version: _n, ...item } of rows) {
      if (ctx.cancelled()) return null;
      const [row] = await db
        .insert(contents)
        .values({ ...item, siteId: p.target_site_id, categoryId: newId.get(categoryId)!, createdBy: p.admin_id, updatedBy: p.admin_id })
        .returning({ id: contents.id });
      created.contents.push(row!.id);
      for (const t of tagRows.filter((r) => r.contentId === id)) {
        await db.insert(contentTags).values({ contentId: row!.id, tagId: await tagId(t.name) }).onConflictDoNothing();
      }
      await step();
    }
  }
  return { root_id: newId.get(source.id)!, categories: created.categories.length, contents: created.contents.length, tags_created: created.tags.length };
}

registerJob(CATEGORY_COPY_JOB, async (ctx) => {
  const p = Payload.parse(ctx.payload);
  const created: Created = { categories: [], contents: [], tags: [] };
  try {
    const result = await copy(ctx, p, created);
    if (result) return result;
    await undo(ctx.db, created);
    return { cancelled: true };
  } catch (err) {
    await undo(ctx.db, created).catch(() => undefined);
    throw err;
  }
});
