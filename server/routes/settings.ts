import type { FastifyInstance } from 'fastify';

// API routes: System settings: upload, storage, footer and session (issue 4).
export default async function settingsRoutes(app: FastifyInstance) {
  void app;
}
