import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import type { ResourceImpl } from '../../resources/register';
import type { ResourceDef } from '../../../models/resource';
import { extendRecycleType } from '../recycleBin';
import { siteWideRowsChanged } from './job';

// Rows a theme may show on any page of their site (ads by position, the footer's friendly links): each
// change, and each restore from the recycle bin, regenerates the static output of the rows' sites.

type SiteRows = PgTable & { id: PgColumn; siteId: PgColumn };

/** The table resource, regenerating its rows' sites after create, update, delete and restore. */
export function regeneratingSitesOnChange<D extends ResourceDef>(resource: ResourceImpl<D>, table: SiteRows, recycleType: string): ResourceImpl<D> {
  const sitesOf = async (db: Executor, ids: number[]) =>
    (await db.selectDistinct({ siteId: table.siteId }).from(table as PgTable).where(inArray(table.id, ids))).map((r) => r.siteId as number);
  extendRecycleType(recycleType, { restored: (db, rows) => siteWideRowsChanged(db as Db, rows.flatMap((r) => (r.siteId === null ? [] : [r.siteId]))) });
  return {
    ...resource,
    async create(ctx, body) {
      const out = await resource.create!(ctx, body);
      await siteWideRowsChanged(ctx.app.ctx.db, await sitesOf(ctx.app.ctx.db, [out.id]));
      return out;
    },
    async update(ctx, body) {
      const out = await resource.update!(ctx, body);
      await siteWideRowsChanged(ctx.app.ctx.db, await sitesOf(ctx.app.ctx.db, [(body as { id: number }).id]));
      return out;
    },
    async remove(ctx, ids) {
      const out = await resource.remove!(ctx, ids);
      await siteWideRowsChanged(ctx.app.ctx.db, await sitesOf(ctx.app.ctx.db, ids));
      return out;
    },
  };
}
