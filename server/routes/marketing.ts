import type { FastifyInstance } from 'fastify';

// API routes of the marketing domain (issue 3). Resources declared in models/resources/marketing.ts are registered
// here with registerResource; other calls with addRoute.
export default async function marketingRoutes(app: FastifyInstance) {
  void app;
}
