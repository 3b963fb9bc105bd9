import type { FastifyInstance } from 'fastify';
import accountRoutes from './account';
import systemRoutes from './system';
import { registerResource } from '../resources/register';
import { adminServerResource } from '../resources/admin';
import { roleServerResource } from '../resources/role';
import { menuServerResource } from '../resources/menu';
import { loginLogServerResource, optLogServerResource } from '../resources/logs';

/** Every API route, mounted under /api. */
export default async function apiRoutes(app: FastifyInstance) {
  await app.register(accountRoutes);
  await app.register(systemRoutes);
  await app.register(async (scope) => {
    registerResource(scope, adminServerResource);
    registerResource(scope, roleServerResource);
    registerResource(scope, menuServerResource);
    registerResource(scope, loginLogServerResource);
    registerResource(scope, optLogServerResource);
  });
}
