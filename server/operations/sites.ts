import { asc, inArray, isNull, and } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sites } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { ApiError, forbidden } from '../http/errors';
import type { SiteNode } from '../../models/site';

export const SITE_HEADER = 'x-site-id';

export function canManageSite(auth: Pick<AuthContext, 'siteIds'>, siteId: number): boolean {
  return auth.siteIds === 'all' || auth.siteIds.includes(siteId);
}

/** The SQL condition limiting a site-scoped query to the sites an admin manages (undefined: all). */
export function siteScope(auth: Pick<AuthContext, 'siteIds'>, column: typeof sites.id) {
  return auth.siteIds === 'all' ? undefined : inArray(column, auth.siteIds.length ? [...auth.siteIds] : [-1]);
}

/** Sites the admin may manage, as the switcher's tree; a child whose parent is out of reach becomes a root. */
export async function siteTree(db: Executor, auth: Pick<AuthContext, 'siteIds'>): Promise<SiteNode[]> {
  const rows = await db
    .select({ id: sites.id, name: sites.name, domain: sites.domain, status: sites.status, parent_id: sites.parentId, sort: sites.sort })
    .from(sites)
    .where(and(isNull(sites.deletedAt), siteScope(auth, sites.id)))
    .orderBy(asc(sites.sort), asc(sites.id));
  const byId = new Map<number, SiteNode>(rows.map((r) => [r.id, { id: r.id, name: r.name, domain: r.domain, status: r.status, parent_id: r.parent_id, children: [] }]));
  const roots: SiteNode[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parent_id ? byId.get(r.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The site a site-scoped call works on: the X-Site-Id header (the switcher's choice) or an explicit id,
 * refused with 403 when the admin does not manage it.
 */
export function currentSiteId(req: FastifyRequest, auth: AuthContext, explicit?: number): number {
  const raw = explicit ?? Number(req.headers[SITE_HEADER]);
  if (!Number.isInteger(raw) || raw <= 0) throw new ApiError(400, 'site.unknown');
  if (!canManageSite(auth, raw)) throw forbidden('error.siteForbidden');
  return raw;
}
