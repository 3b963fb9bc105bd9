import type { FastifyInstance } from 'fastify';

// API routes: Attachments, their categories and uploads (issue 4).
export default async function attachmentsRoutes(app: FastifyInstance) {
  void app;
}
