import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { ApiError } from '../http/errors';
import { installPlugin, setPluginEnabled, uninstallPlugin, definitionOf } from '../operations/plugins/lifecycle';
import { listPlugins, pluginTrail, readPlugin } from '../operations/plugins/catalog';
import { readPluginSettings, savePluginSettings } from '../operations/plugins/settings';
import { pluginPage, pluginPageCsv } from '../operations/plugins/pages';
import { MASK } from '../../models/logs';
import { forgetMarketPlugin } from '../operations/plugins/marketInstall';
import { canManageSite } from '../operations/sites';
import { forbidden } from '../http/errors';
import type { AuthContext } from '../http/context';
import { PluginIdBody, PluginPageQuery, PluginSaveSettingsBody, PluginUninstallBody } from '../../models/plugin';

// Plugins (/Plugin/index): the list, one plugin with the tables an uninstall drops, the lifecycle calls (each
// checked by the lifecycle chart on the server: 409 when it refuses), settings, the event trail and the pages
// enabled plugins add to the menu (404 once disabled). Super admins, or roles holding the 'plugin' menu.
export default async function pluginRoutes(app: FastifyInstance) {
  const ctx = () => app.ctx;
  const nameOf = (id: string, lang: 'zh' | 'en') => definitionOf(ctx(), id).manifest.name[lang];
  /** The rest of a page's query string, for the plugin (filters such as site or dates). */
  const pageArgs = (raw: unknown, auth: AuthContext): Record<string, string> => {
    const args = Object.fromEntries(
      Object.entries((raw ?? {}) as Record<string, unknown>).filter(([k, v]) => k !== 'id' && k !== 'page' && typeof v === 'string') as Array<[string, string]>,
    );
    // A plugin page reads one site's data: only a site this admin may manage.
    if (args.site_id !== undefined && !canManageSite(auth, Number(args.site_id))) throw forbidden('error.siteForbidden');
    return args;
  };

  addRoute(app, {
    method: 'GET',
    url: '/plugin/index',
    permission: 'plugin',
    handler: async ({ req }) => {
      const rows = await listPlugins(ctx(), req.lang);
      return { data: rows, count: rows.length };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/plugin/read',
    permission: 'plugin',
    query: PluginIdBody,
    handler: async ({ req, query }) => ({ data: await readPlugin(ctx(), query.id, req.lang) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/plugin/install',
    permission: 'plugin',
    body: PluginIdBody,
    handler: async ({ req, auth, body }) => {
      const { failure } = await installPlugin(ctx(), auth.adminId, body.id);
      if (failure) throw new ApiError(500, 'plugin.installFailedMsg', { reason: failure });
      return { data: await readPlugin(ctx(), body.id, req.lang), msg: 'plugin.installDone', logName: nameOf(body.id, req.lang) };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/plugin/enable',
    permission: 'plugin',
    body: PluginIdBody,
    handler: async ({ req, auth, body }) => {
      await setPluginEnabled(ctx(), auth.adminId, body.id, true);
      return { data: await readPlugin(ctx(), body.id, req.lang), msg: 'plugin.enabled', logName: nameOf(body.id, req.lang) };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/plugin/disable',
    permission: 'plugin',
    body: PluginIdBody,
    handler: async ({ req, auth, body }) => {
      await setPluginEnabled(ctx(), auth.adminId, body.id, false);
      return { data: await readPlugin(ctx(), body.id, req.lang), msg: 'plugin.disabled', logName: nameOf(body.id, req.lang) };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/plugin/uninstall',
    permission: 'plugin',
    body: PluginUninstallBody,
    handler: async ({ req, auth, body }) => {
      const { failure, dropped } = await uninstallPlugin(ctx(), auth.adminId, body.id);
      if (failure) throw new ApiError(500, 'plugin.uninstallFailedMsg', { reason: failure });
      const logName = nameOf(body.id, req.lang);
      const data = { ...(await readPlugin(ctx(), body.id, req.lang)), dropped };
      // A market plugin's files go with it and the host forgets it (the market offers it again).
      await forgetMarketPlugin(app, body.id);
      return { data, msg: 'plugin.uninstallDone', logName };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/plugin/settings',
    permission: 'plugin',
    query: PluginIdBody,
    handler: async ({ req, query }) => ({ data: await readPluginSettings(ctx(), query.id, req.lang) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/plugin/saveSettings',
    permission: 'plugin',
    body: PluginSaveSettingsBody,
    handler: async ({ req, body }) => {
      const logName = await savePluginSettings(ctx(), body.id, body.values, req.lang);
      // The operation log records the body: secret fields are masked whatever they are called.
      for (const f of definitionOf(ctx(), body.id).manifest.settings) if (f.type === 'password' && body.values[f.name]) body.values[f.name] = MASK;
      return { msg: 'plugin.settingsSaved', logName };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/plugin/events',
    permission: 'plugin',
    query: PluginIdBody,
    handler: async ({ query }) => {
      const rows = await pluginTrail(ctx(), query.id);
      return { data: rows, count: rows.length };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/plugin/page',
    permission: 'plugin',
    query: PluginPageQuery,
    handler: async ({ req, auth, query }) => ({ data: await pluginPage(ctx(), query.id, query.page, pageArgs(req.query, auth), req.lang) }),
  });

  addRoute(app, {
    method: 'GET',
    url: '/plugin/pageExport',
    permission: 'plugin',
    query: PluginPageQuery,
    handler: async ({ req, reply, auth, query }) => {
      const file = await pluginPageCsv(ctx(), query.id, query.page, pageArgs(req.query, auth), req.lang);
      return void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.name}"`).send(file.body);
    },
  });
}
