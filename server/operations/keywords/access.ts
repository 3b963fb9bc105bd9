import { count, inArray } from 'drizzle-orm';
import { siteKeywords } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { canManageSite, siteScope } from '../sites';

/** Keywords by id, refusing any of a site the admin does not manage (403) or that does not exist (404). */
export async function manageableKeywords(db: Executor, auth: AuthContext, ids: number[]) {
  const rows = await db.select().from(siteKeywords).where(inArray(siteKeywords.id, ids));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const r of rows) if (!canManageSite(auth, r.siteId)) throw forbidden('error.siteForbidden');
  return rows;
}

/** Keywords on the sites the admin manages (the dashboard's figure). */
export async function countKeywords(db: Executor, auth: Pick<AuthContext, 'siteIds'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(siteKeywords).where(siteScope(auth, siteKeywords.siteId as never));
  return Number(row?.n ?? 0);
}
