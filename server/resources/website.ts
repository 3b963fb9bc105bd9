import { and, count, eq, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { adminSites, categories, sites } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { defineServerResource } from './register';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { iso, likeText, offsetOf } from '../db/listing';
import { canManageSite, siteScope } from '../operations/sites';
import { registerRecycleType } from '../operations/recycle';
import { treeOrder, subtreeIds } from '../../models/tree';
import { websiteResource } from '../../models/resources/sites';
import type { Website } from '../../models/website';

// Websites and sub-sites (/Website/index). An admin sees and touches only the sites they manage.

registerRecycleType({
  type: 'website',
  table: sites,
  id: sites.id,
  title: sites.name,
  // A site belongs to itself: the recycle bin shows an admin only the sites they manage.
  siteId: sites.id,
  deletedAt: sites.deletedAt,
  deletedBy: sites.deletedBy,
});

type SiteRow = typeof sites.$inferSelect;
const live = isNull(sites.deletedAt);

const toWebsite = (r: SiteRow): Website => ({
  id: r.id,
  parent_id: r.parentId,
  name: r.name,
  domain: r.domain,
  status: r.status as Website['status'],
  sort: r.sort,
  created_at: iso(r.createdAt)!,
});

async function loadManaged(db: Executor, auth: AuthContext, ids: number[]): Promise<SiteRow[]> {
  const rows = await db.select().from(sites).where(and(inArray(sites.id, ids), live));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const r of rows) if (!canManageSite(auth, r.id)) throw forbidden('error.siteForbidden');
  return rows;
}

async function requireFreeDomain(db: Executor, domain: string, selfId?: number) {
  const [taken] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(live, sql`lower(${sites.domain}) = ${domain}`, selfId ? ne(sites.id, selfId) : undefined))
    .limit(1);
  if (taken) throw conflict('website.domainTaken');
}

/** The parent must be a live site the admin manages, and (on update) not the site itself or below it. */
async function requireParent(db: Executor, auth: AuthContext, parentId: number, selfId?: number) {
  if (parentId === 0) return;
  const [parent] = await db.select().from(sites).where(and(eq(sites.id, parentId), live));
  if (!parent) throw badRequest('website.parentUnknown');
  if (!canManageSite(auth, parentId)) throw forbidden('error.siteForbidden');
  if (selfId !== undefined) {
    const all = await db.select({ id: sites.id, parent_id: sites.parentId }).from(sites).where(live);
    if (subtreeIds(all, selfId).has(parentId)) throw badRequest('website.parentInvalid');
  }
}

export const websiteServerResource = defineServerResource({
  def: websiteResource,
  /** The managed sites as a tree (parents before children) in one flat, paged list. */
  async list({ app, auth }, q) {
    const where: Array<SQL | undefined> = [live, siteScope(auth, sites.id)];
    if (q.name) where.push(sql`${sites.name} ilike ${likeText(q.name)}`);
    if (q.status) where.push(eq(sites.status, q.status));
    const rows = await app.ctx.db.select().from(sites).where(and(...where));
    const ordered = treeOrder(rows.map(toWebsite));
    const start = offsetOf(q.page, q.limit);
    return { rows: ordered.slice(start, start + q.limit), count: ordered.length };
  },
  async read({ app, auth }, id) {
    const [row] = await loadManaged(app.ctx.db, auth, [id]);
    return toWebsite(row!);
  },
  async create({ app, auth }, body) {
    return app.ctx.db.transaction(async (tx) => {
      await requireParent(tx, auth, body.parent_id);
      await requireFreeDomain(tx, body.domain);
      const [row] = await tx
        .insert(sites)
        .values({ parentId: body.parent_id, name: body.name, domain: body.domain, status: body.status, sort: body.sort })
        .returning();
      // An admin who creates a site manages it (super-admins manage every site anyway).
      if (auth.siteIds !== 'all') await tx.insert(adminSites).values({ adminId: auth.adminId, siteId: row!.id });
      return { id: row!.id, name: row!.name };
    });
  },
  async update({ app, auth }, body) {
    return app.ctx.db.transaction(async (tx) => {
      await loadManaged(tx, auth, [body.id]);
      await requireParent(tx, auth, body.parent_id, body.id);
      await requireFreeDomain(tx, body.domain, body.id);
      await tx
        .update(sites)
        .set({ parentId: body.parent_id, name: body.name, domain: body.domain, status: body.status, sort: body.sort, updatedAt: new Date() })
        .where(eq(sites.id, body.id));
      return { name: body.name };
    });
  },
  /** To the recycle bin; a site that still has live sub-sites or columns stays (409). */
  async remove({ app, auth }, ids) {
    return app.ctx.db.transaction(async (tx) => {
      const rows = await loadManaged(tx, auth, ids);
      const [children] = await tx
        .select({ n: count() })
        .from(sites)
        .where(and(live, inArray(sites.parentId, ids), notInArray(sites.id, ids)));
      if (Number(children?.n ?? 0) > 0) throw conflict('website.hasChildren');
      const [columns] = await tx
        .select({ n: count() })
        .from(categories)
        .where(and(isNull(categories.deletedAt), inArray(categories.siteId, ids)));
      if (Number(columns?.n ?? 0) > 0) throw conflict('website.hasColumns');
      await tx.update(sites).set({ deletedAt: new Date(), deletedBy: auth.adminId }).where(inArray(sites.id, ids));
      return { names: rows.map((r) => r.name) };
    });
  },
});
