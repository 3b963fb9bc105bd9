import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { slideCates, slides } from '../db/schema/index';
import type { Executor } from '../db/client';
import { badRequest, forbidden } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { canManageSite } from '../operations/sites';
import { extendRecycleType, requireLiveParents } from '../operations/recycleBin';
import { tableResource } from './table';
import { slideCateResource, slideResource } from '../../models/resources/marketing';
import type { Slide, SlideCate } from '../../models/slide';

// Slide groups and their slides (/SlideCate/index). Deleting a group leaves its slides as they are, so
// restoring the group brings them back with it; a slide deleted on its own comes back only into a live group.

type CateRow = typeof slideCates.$inferSelect;
type SlideRow = typeof slides.$inferSelect;

const toCate = (r: CateRow): SlideCate => ({
  id: r.id,
  site_id: r.siteId,
  name: r.name,
  key: r.key,
  sort: r.sort,
  slide_count: 0,
  created_at: iso(r.createdAt)!,
});

const toSlide = (r: SlideRow): Slide => ({
  id: r.id,
  site_id: r.siteId,
  cate_id: r.cateId,
  title: r.title,
  image: r.image,
  link: r.link,
  sort: r.sort,
  status: r.status as 1 | 2,
  created_at: iso(r.createdAt)!,
});

async function slideCounts(db: Executor, cateIds: number[]) {
  if (!cateIds.length) return new Map<number, number>();
  const rows = await db
    .select({ cateId: slides.cateId, n: count() })
    .from(slides)
    .where(and(inArray(slides.cateId, cateIds), isNull(slides.deletedAt)))
    .groupBy(slides.cateId);
  return new Map(rows.map((r) => [r.cateId, Number(r.n)]));
}

const cateBase = tableResource({
  def: slideCateResource,
  table: slideCates,
  columns: { id: slideCates.id, siteId: slideCates.siteId, deletedAt: slideCates.deletedAt, deletedBy: slideCates.deletedBy },
  title: slideCates.name,
  toApi: toCate,
  toValues: (b) => ({ name: b.name, key: b.key, sort: b.sort }),
  where: (q) => [q.name ? ilike(slideCates.name, likeText(q.name)) : undefined],
  orderBy: [asc(slideCates.sort), desc(slideCates.id)],
});

export const slideCateServerResource = {
  ...cateBase,
  async list(ctx: Parameters<typeof cateBase.list>[0], query: Parameters<typeof cateBase.list>[1]) {
    const { rows, count: total } = await cateBase.list(ctx, query);
    const cates = rows as SlideCate[];
    const counts = await slideCounts(ctx.app.ctx.db, cates.map((c) => c.id));
    return { rows: cates.map((c) => ({ ...c, slide_count: counts.get(c.id) ?? 0 })), count: total };
  },
  async read(ctx: Parameters<typeof cateBase.read>[0], id: number) {
    const cate = (await cateBase.read(ctx, id)) as SlideCate;
    return { ...cate, slide_count: (await slideCounts(ctx.app.ctx.db, [id])).get(id) ?? 0 };
  },
};

export const slideServerResource = tableResource({
  def: slideResource,
  table: slides,
  columns: { id: slides.id, siteId: slides.siteId, deletedAt: slides.deletedAt, deletedBy: slides.deletedBy },
  title: slides.title,
  toApi: toSlide,
  toValues: (b) => ({ cateId: b.cate_id, title: b.title, image: b.image, link: b.link, sort: b.sort, status: b.status }),
  // Slides of a group in the bin are out of sight with it.
  where: (q) => [
    sql`${slides.cateId} in (select ${slideCates.id} from ${slideCates} where ${slideCates.deletedAt} is null)`,
    q.cate_id !== undefined ? eq(slides.cateId, q.cate_id) : undefined,
    q.title ? ilike(slides.title, likeText(q.title)) : undefined,
    q.status !== undefined ? eq(slides.status, q.status) : undefined,
  ],
  orderBy: [asc(slides.sort), asc(slides.id)],
  /** The group must be live, manageable and in the slide's own site. */
  async check({ db, auth, siteId }, body) {
    const [cate] = await db.select().from(slideCates).where(and(eq(slideCates.id, body.cate_id as number), isNull(slideCates.deletedAt)));
    const field = { issues: [{ field: 'cate_id' }] };
    if (!cate) throw badRequest('slide.cateInvalid', {}, field);
    if (!canManageSite(auth, cate.siteId)) throw forbidden('error.siteForbidden');
    if (cate.siteId !== siteId) throw badRequest('slide.cateOtherSite', {}, field);
  },
});

// A slide comes back only into a live group; purging a group takes its slides (live or binned) with it.
extendRecycleType('slide', {
  afterRestore: (tx, ids) =>
    requireLiveParents(tx, { table: slides, id: slides.id, title: slides.title, parentColumn: slides.cateId }, ids, {
      table: slideCates,
      id: slideCates.id,
      title: slideCates.name,
      deletedAt: slideCates.deletedAt,
    }),
});
extendRecycleType('slideCate', {
  beforePurge: async (tx, ids) => {
    await tx.delete(slides).where(inArray(slides.cateId, ids));
  },
});
