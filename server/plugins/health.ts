import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appliedMigrations, expectedMigrations, type Database } from '../db/client';

// Health checks for a load balancer (issue 17): GET /healthz answers while the process serves requests;
// GET /readyz answers 200 only when the database answers and its schema has every migration this build ships,
// 503 otherwise (plain JSON, no envelope: load balancers read the status code). Neither is rate limited or logged
// as an error, and neither says more than the counts.

export default fp(async function health(app: FastifyInstance, opts: { database: Database }) {
  const expected = await expectedMigrations();
  app.get('/healthz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const applied = await appliedMigrations(opts.database);
      const ready = applied >= expected;
      reply.code(ready ? 200 : 503);
      return { status: ready ? 'ready' : 'migrating', database: 'up', migrations: { applied, expected } };
    } catch {
      reply.code(503);
      return { status: 'unavailable', database: 'down', migrations: { applied: null, expected } };
    }
  });
});
