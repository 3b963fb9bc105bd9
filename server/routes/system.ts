import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { getSettings } from '../operations/settings';
import { PRODUCT_TITLE, PRODUCT_VERSION } from '../../models/constants';

export default async function systemRoutes(app: FastifyInstance) {
  addRoute(app, {
    method: 'GET',
    url: '/system/info',
    permission: 'authenticated',
    handler: async () => {
      const s = await getSettings(app.ctx.db, ['site.copyright', 'site.filing_number']);
      return {
        data: {
          product: PRODUCT_TITLE,
          version: PRODUCT_VERSION,
          copyright: s['site.copyright'],
          filing_number: s['site.filing_number'],
          database: app.ctx.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
        },
      };
    },
  });
}
