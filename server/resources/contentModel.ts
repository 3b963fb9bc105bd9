import { and, asc, count, eq, ilike, inArray, isNull, ne } from 'drizzle-orm';
import { categories, modelFields, models } from '../db/schema/index';
import type { Executor } from '../db/client';
import { tableResource } from './table';
import type { ResourceImpl } from './register';
import { conflict } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { moduleResource } from '../../models/resources/sites';
import type { ContentModel } from '../../models/contentModel';

// Content models (/Module/index): global, soft-deleted into the recycle bin; a model columns use stays.

type ModelRow = typeof models.$inferSelect;

const toModel = (r: ModelRow): Omit<ContentModel, 'field_count'> => ({
  id: r.id,
  name: r.name,
  key: r.key,
  description: r.description,
  status: r.status as ContentModel['status'],
  sort: r.sort,
  created_at: iso(r.createdAt)!,
});

async function fieldCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ modelId: modelFields.modelId, n: count() })
    .from(modelFields)
    .where(inArray(modelFields.modelId, ids))
    .groupBy(modelFields.modelId);
  return new Map(rows.map((r) => [r.modelId, Number(r.n)]));
}

const withCounts = async (db: Executor, rows: Array<Omit<ContentModel, 'field_count'>>): Promise<ContentModel[]> => {
  const counts = await fieldCounts(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, field_count: counts.get(r.id) ?? 0 }));
};

const base = tableResource({
  def: moduleResource,
  table: models,
  columns: { id: models.id, deletedAt: models.deletedAt, deletedBy: models.deletedBy },
  title: models.name,
  toApi: (r: ModelRow) => toModel(r),
  toValues: (b) => ({ name: b.name, key: b.key, description: b.description, status: b.status, sort: b.sort }),
  where: (q) => [q.name ? ilike(models.name, likeText(q.name)) : undefined],
  orderBy: [asc(models.sort), asc(models.id)],
  async check({ db, current }, body) {
    const [taken] = await db
      .select({ id: models.id })
      .from(models)
      .where(and(isNull(models.deletedAt), eq(models.key, String(body.key)), current ? ne(models.id, current.id) : undefined))
      .limit(1);
    if (taken) throw conflict('module.keyTaken');
  },
});

export const moduleServerResource: ResourceImpl<typeof moduleResource> = {
  ...base,
  async list(ctx, query) {
    const { rows, count: total } = await base.list(ctx, query);
    return { rows: await withCounts(ctx.app.ctx.db, rows as Array<Omit<ContentModel, 'field_count'>>), count: total };
  },
  async read(ctx, id) {
    const [row] = await withCounts(ctx.app.ctx.db, [(await base.read(ctx, id)) as Omit<ContentModel, 'field_count'>]);
    return row;
  },
  /** A model that live columns are bound to cannot go (409): their content forms depend on it. */
  async remove(ctx, ids) {
    const [used] = await ctx.app.ctx.db
      .select({ n: count() })
      .from(categories)
      .where(and(isNull(categories.deletedAt), inArray(categories.modelId, ids)));
    if (Number(used?.n ?? 0) > 0) throw conflict('module.inUse');
    return base.remove!(ctx, ids);
  },
};
