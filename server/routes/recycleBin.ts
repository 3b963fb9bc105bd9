import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { listRecycled, purgeItems, restoreItems, visibleTypes } from '../operations/recycleBin';
import { RecycleItemsBody, RecycleListQuery } from '../../models/recycleBin';

// The recycle bin (/RecycleBin/index): every soft-deleted record of every registered type
// (server/operations/recycle.ts), restore and purge.
export default async function recycleBinRoutes(app: FastifyInstance) {
  addRoute(app, {
    method: 'GET',
    url: '/recycleBin/index',
    permission: 'recycleBin',
    query: RecycleListQuery,
    handler: async ({ auth, query }) => {
      const { rows, count } = await listRecycled(app.ctx.db, auth, query);
      return { data: rows, count };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/recycleBin/types',
    permission: 'recycleBin',
    handler: async ({ auth }) => ({ data: visibleTypes(auth).map((t) => t.type) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/recycleBin/restore',
    permission: 'recycleBin',
    body: RecycleItemsBody,
    handler: async ({ auth, body }) => {
      const titles = await restoreItems(app.ctx.db, auth, body.items);
      return { data: { count: titles.length }, msg: 'recycle.restored', logName: titles.join(', ') };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/recycleBin/delete',
    permission: 'recycleBin',
    body: RecycleItemsBody,
    handler: async ({ auth, body }) => {
      const titles = await purgeItems(app, app.ctx.db, auth, body.items);
      return { data: { count: titles.length }, msg: 'recycle.purged', logName: titles.join(', ') };
    },
  });
}
