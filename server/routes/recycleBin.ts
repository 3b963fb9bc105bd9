import type { FastifyInstance } from 'fastify';

// The recycle bin (/RecycleBin/index): every soft-deleted record of every registered type
// (server/operations/recycle.ts), restore and purge.
export default async function recycleBinRoutes(app: FastifyInstance) {
  void app;
}
