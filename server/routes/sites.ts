import type { FastifyInstance } from 'fastify';

// API routes of the sites domain (issue 3). Resources declared in models/resources/sites.ts are registered
// here with registerResource; other calls with addRoute.
export default async function sitesRoutes(app: FastifyInstance) {
  void app;
}
