import { and, count, eq, ilike, inArray, isNull, notInArray } from 'drizzle-orm';
import { categories, contents, models } from '../db/schema/index';
import type { Executor } from '../db/client';
import { defineServerResource } from './register';
import { conflict } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { currentSiteId } from '../operations/sites';
import { registerRecycleType } from '../operations/recycle';
import { columnAlias } from '../operations/alias';
import { contentCounts, loadColumns, requireColumnParent, requireLiveModel, restoreColumnRelations, type CategoryRow } from '../operations/categoryTree';
import { treeOrder } from '../../models/tree';
import { categoryResource } from '../../models/resources/sites';
import type { Category, CategoryCreate } from '../../models/category';

// Columns (/Category/index): the current site's tree, each bound to a model; soft delete into the recycle bin.

registerRecycleType({
  type: 'category',
  table: categories,
  id: categories.id,
  title: categories.title,
  siteId: categories.siteId,
  deletedAt: categories.deletedAt,
  deletedBy: categories.deletedBy,
  afterRestore: restoreColumnRelations,
});

export function toCategory(r: CategoryRow, modelName: string, contentCount: number): Category {
  return {
    id: r.id,
    site_id: r.siteId,
    parent_id: r.parentId,
    model_id: r.modelId,
    model_name: modelName,
    title: r.title,
    alias: r.alias,
    type: r.type as Category['type'],
    link_url: r.linkUrl,
    image: r.image,
    description: r.description,
    content: r.content,
    seo_title: r.seoTitle,
    seo_keywords: r.seoKeywords,
    seo_description: r.seoDescription,
    list_template: r.listTemplate,
    detail_template: r.detailTemplate,
    page_size: r.pageSize,
    sort: r.sort,
    status: r.status as Category['status'],
    content_count: contentCount,
    created_at: iso(r.createdAt)!,
  };
}

/** Columns as the API shows them: with their model's name and their live content count. */
async function describe(db: Executor, rows: CategoryRow[]): Promise<Category[]> {
  const modelIds = [...new Set(rows.map((r) => r.modelId))];
  const names = new Map(
    modelIds.length ? (await db.select({ id: models.id, name: models.name }).from(models).where(inArray(models.id, modelIds))).map((m) => [m.id, m.name]) : [],
  );
  const counts = await contentCounts(db, rows.map((r) => r.id));
  return rows.map((r) => toCategory(r, names.get(r.modelId) ?? '', counts.get(r.id) ?? 0));
}

export const columnValues = (b: Omit<CategoryCreate, 'alias'>) => ({
  parentId: b.parent_id,
  modelId: b.model_id,
  title: b.title,
  type: b.type,
  linkUrl: b.link_url,
  image: b.image,
  description: b.description,
  content: b.content,
  seoTitle: b.seo_title,
  seoKeywords: b.seo_keywords,
  seoDescription: b.seo_description,
  listTemplate: b.list_template,
  detailTemplate: b.detail_template,
  pageSize: b.page_size,
  sort: b.sort,
  status: b.status,
});

export const categoryServerResource = defineServerResource({
  def: categoryResource,
  /** The site's whole tree, flat, parents before children (not paged: the page shows the tree). */
  async list({ app, req, auth }, q) {
    const siteId = currentSiteId(req, auth, q.site_id);
    const rows = await app.ctx.db
      .select()
      .from(categories)
      .where(and(eq(categories.siteId, siteId), isNull(categories.deletedAt), q.title ? ilike(categories.title, likeText(q.title)) : undefined));
    const ordered = treeOrder(await describe(app.ctx.db, rows));
    return { rows: ordered, count: ordered.length };
  },
  async read({ app, auth }, id) {
    const [row] = await describe(app.ctx.db, await loadColumns(app.ctx.db, auth, [id]));
    return row;
  },
  async create({ app, req, auth }, body) {
    const siteId = currentSiteId(req, auth);
    return app.ctx.db.transaction(async (tx) => {
      await requireColumnParent(tx, auth, siteId, body.parent_id);
      await requireLiveModel(tx, body.model_id);
      const alias = await columnAlias(tx, siteId, body.title, body.alias);
      const [row] = await tx
        .insert(categories)
        .values({ ...columnValues(body), siteId, alias })
        .returning();
      return { id: row!.id, name: row!.title };
    });
  },
  async update({ app, auth }, body) {
    return app.ctx.db.transaction(async (tx) => {
      const [current] = await loadColumns(tx, auth, [body.id]);
      const siteId = current!.siteId;
      await requireColumnParent(tx, auth, siteId, body.parent_id, body.id);
      await requireLiveModel(tx, body.model_id);
      const alias = await columnAlias(tx, siteId, body.title, body.alias, body.id);
      await tx
        .update(categories)
        .set({ ...columnValues(body), alias, updatedAt: new Date() })
        .where(eq(categories.id, body.id));
      return { name: body.title };
    });
  },
  /** To the recycle bin; a column that still has live sub-columns or content stays (409). */
  async remove({ app, auth }, ids) {
    return app.ctx.db.transaction(async (tx) => {
      const rows = await loadColumns(tx, auth, ids);
      const [children] = await tx
        .select({ n: count() })
        .from(categories)
        .where(and(isNull(categories.deletedAt), inArray(categories.parentId, ids), notInArray(categories.id, ids)));
      if (Number(children?.n ?? 0) > 0) throw conflict('category.hasChildren');
      const [items] = await tx
        .select({ n: count() })
        .from(contents)
        .where(and(isNull(contents.deletedAt), inArray(contents.categoryId, ids)));
      if (Number(items?.n ?? 0) > 0) throw conflict('category.hasContent');
      await tx.update(categories).set({ deletedAt: new Date(), deletedBy: auth.adminId }).where(inArray(categories.id, ids));
      return { names: rows.map((r) => r.title) };
    });
  },
});
