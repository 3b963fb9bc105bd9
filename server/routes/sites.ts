import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { addRoute } from '../http/route';
import { forbidden } from '../http/errors';
import { categories, sites } from '../db/schema/index';
import { registerResource } from '../resources/register';
import { websiteServerResource } from '../resources/website';
import { moduleServerResource } from '../resources/contentModel';
import { modelFieldServerResource, sortModelFields } from '../resources/modelField';
import { categoryServerResource } from '../resources/category';
import { currentSiteId } from '../operations/sites';
import { loadSiteSettings } from '../operations/websiteSettings';
import { loadColumns } from '../operations/categoryTree';
import { CATEGORY_COPY_JOB, startCategoryCopy } from '../operations/categoryCopy';
import { dynamicMenu } from '../operations/dynamicMenu';
import { Id } from '../../models/common';
import { RAW_SCRIPT_SETTINGS, WebsiteSettingsUpdate, type WebsiteSettings } from '../../models/website';
import { ModelFieldSort } from '../../models/contentModel';
import { CategoryCopy, CategoryStatusUpdate } from '../../models/category';

// API routes of the sites domain (issue 3): websites, site settings, models and fields, columns, and the
// dynamic (per-column) menu.
export default async function sitesRoutes(app: FastifyInstance) {
  registerResource(app, websiteServerResource);
  registerResource(app, moduleServerResource);
  registerResource(app, modelFieldServerResource);
  registerResource(app, categoryServerResource);

  addRoute(app, {
    method: 'GET',
    url: '/websiteSetting/index',
    permission: 'websiteSetting',
    query: z.object({ site_id: Id.optional() }),
    handler: async ({ req, auth, query }) => {
      const { settings } = await loadSiteSettings(app.ctx.db, currentSiteId(req, auth, query.site_id));
      return { data: settings };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/websiteSetting/update',
    permission: 'websiteSetting',
    body: WebsiteSettingsUpdate,
    handler: async ({ req, auth, body }) => {
      const { site_id, ...parsed } = body;
      const siteId = currentSiteId(req, auth, site_id);
      // Only what was sent changes: the schema would fill every setting left out with its default.
      const sent = new Set(Object.keys((req.body ?? {}) as object));
      const changes = Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.has(k))) as Partial<WebsiteSettings>;
      return app.ctx.db.transaction(async (tx) => {
        const { site, settings } = await loadSiteSettings(tx, siteId);
        // Raw scripts run on every public page: only super-admins change them.
        const scripts = RAW_SCRIPT_SETTINGS.filter((k) => changes[k] !== undefined && changes[k] !== settings[k]);
        if (scripts.length && !auth.isSuper) throw forbidden('websiteSetting.rawScriptForbidden');
        await tx
          .update(sites)
          .set({ settings: { ...settings, ...changes }, updatedAt: new Date() })
          .where(eq(sites.id, siteId));
        return { msg: 'ok.saved' as const, logName: scripts.length ? `${site.name} (${scripts.join(', ')})` : site.name };
      });
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/modelField/sort',
    permission: 'modelField',
    body: ModelFieldSort,
    handler: async ({ body }) => {
      const model = await sortModelFields(app.ctx.db, body);
      return { msg: 'ok.saved', logName: model.name };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/category/updateStatus',
    permission: 'category',
    body: CategoryStatusUpdate,
    handler: async ({ auth, body }) => {
      const [column] = await loadColumns(app.ctx.db, auth, [body.id]);
      await app.ctx.db.update(categories).set({ status: body.status, updatedAt: new Date() }).where(eq(categories.id, body.id));
      return { msg: 'ok.saved', logName: column!.title };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/category/copy',
    permission: 'category',
    body: CategoryCopy,
    handler: async ({ auth, body }) => {
      const enqueue = (payload: Record<string, unknown>, siteId: number) =>
        app.ctx.jobs.enqueue(CATEGORY_COPY_JOB, payload, { siteId, createdBy: auth.adminId });
      const { source, jobId } = await startCategoryCopy(app.ctx.db, enqueue, auth, body);
      return { data: { job_id: jobId }, msg: 'category.copyStarted', logName: source.title };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/adminmenu/getDynamicMenu',
    permission: 'authenticated',
    handler: async ({ req, auth }) => ({ data: await dynamicMenu(app.ctx.db, req, auth) }),
  });
}
