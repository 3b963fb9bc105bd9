import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { forbidden } from '../http/errors';
import { parseInput } from '../http/validation';
import { chartRecord } from '../operations/chartRecords';
import { ChartRecordQuery } from '../../models/chartViewer';

// The statechart viewer (/ChartViewer/index, issue 16): super-admins only, whatever a role was granted.

export default async function chartViewerRoutes(app: FastifyInstance) {
  addRoute(app, {
    method: 'GET',
    url: '/chartViewer/record',
    permission: 'chartViewer',
    // Parsed after the super-admin check, so a refused caller learns nothing from the query's wording.
    handler: async ({ req, auth }) => {
      if (!auth.isSuper) throw forbidden('chartViewer.superOnly');
      return { data: await chartRecord(app.ctx.db, parseInput(ChartRecordQuery, req.query, req.lang)) };
    },
  });
}
