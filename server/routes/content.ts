import type { FastifyInstance } from 'fastify';

// API routes of the content domain (issue 3). Resources declared in models/resources/content.ts are registered
// here with registerResource; other calls with addRoute.
export default async function contentRoutes(app: FastifyInstance) {
  void app;
}
