import type { FastifyInstance } from 'fastify';
import accountRoutes from './account';
import systemRoutes from './system';
import jobRoutes from './jobs';
import sitesRoutes from './sites';
import contentRoutes from './content';
import marketingRoutes from './marketing';
import recycleBinRoutes from './recycleBin';
import contentImportRoutes from './contentImport';
import attachmentsRoutes from './attachments';
import settingsRoutes from './settings';
import auditRoutes from './audit';
import navMenuRoutes from './navMenus';
import dashboardRoutes from './dashboard';
import staticFileRoutes from './staticFiles';
import themeRoutes from './themes';
import themeFileRoutes from './themeFiles';
import { registerResource } from '../resources/register';
import { adminServerResource } from '../resources/admin';
import { roleServerResource } from '../resources/role';
import { menuServerResource } from '../resources/menu';
import { loginLogServerResource, optLogServerResource } from '../resources/logs';
import inquiryRoutes from './inquiries';
import keywordRoutes from './keywords';
import seoCheckRoutes from './seoCheck';
import posterRoutes from './posters';
import linkRoutes from './links';

/** Every API route, mounted under /api. */
export default async function apiRoutes(app: FastifyInstance) {
  await app.register(accountRoutes);
  await app.register(systemRoutes);
  await app.register(jobRoutes);
  await app.register(sitesRoutes);
  await app.register(contentRoutes);
  await app.register(marketingRoutes);
  await app.register(recycleBinRoutes);
  await app.register(contentImportRoutes);
  await app.register(attachmentsRoutes);
  await app.register(settingsRoutes);
  await app.register(auditRoutes);
  await app.register(navMenuRoutes);
  await app.register(dashboardRoutes);
  await app.register(staticFileRoutes);
  await app.register(themeRoutes);
  await app.register(themeFileRoutes);
  await app.register(inquiryRoutes);
  await app.register(keywordRoutes);
  await app.register(seoCheckRoutes);
  await app.register(posterRoutes);
  await app.register(linkRoutes);
  await app.register(async (scope) => {
    registerResource(scope, adminServerResource);
    registerResource(scope, roleServerResource);
    registerResource(scope, menuServerResource);
    registerResource(scope, loginLogServerResource);
    registerResource(scope, optLogServerResource);
  });
}
