import '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { ApiError, badRequest, conflict, forbidden } from '../http/errors';
import { currentSiteId } from '../operations/sites';
import { activateTheme, clearThemeCache, deleteTheme, listThemes, themeSharing } from '../operations/themes/installed';
import { bumpSiteVersion } from '../public/pageCache';
import { loadSiteSettings } from '../operations/websiteSettings';
import { installPackage, listLibrary, uploadPackage } from '../operations/themes/library';
import { InstallBody, THEME_PACKAGE_LIMITS, ThemeActivateBody, ThemeFolderBody } from '../../models/themes';

// Themes of the current site (/Theme/index) and the template library (/TempleteLibrary/index), issue 6.
export default async function themeRoutes(app: FastifyInstance) {
  const dataDir = () => app.ctx.config.dataDir;

  addRoute(app, {
    method: 'GET',
    url: '/theme/index',
    permission: 'theme',
    handler: async ({ req, auth }) => {
      const siteId = currentSiteId(req, auth);
      const { settings } = await loadSiteSettings(app.ctx.db, siteId);
      const data = await listThemes(dataDir(), siteId, { separateMobile: !settings.pc_mobile_sharing });
      return { data, count: data.length };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/theme/sharing',
    permission: 'theme',
    handler: async ({ req, auth }) => ({ data: await themeSharing(app.ctx.db, currentSiteId(req, auth)) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/theme/activate',
    permission: 'theme',
    body: ThemeActivateBody,
    handler: async ({ req, auth, body }) => {
      const siteId = currentSiteId(req, auth);
      if (body.device === 'mobile' && (await loadSiteSettings(app.ctx.db, siteId)).settings.pc_mobile_sharing) throw conflict('theme.mobileSharingOn');
      const name = await activateTheme(dataDir(), siteId, body.folder, body.device);
      clearThemeCache(app);
      await bumpSiteVersion(app.ctx.db); // cached public pages of every site (themes are shared by sub-sites)
      if (body.device === 'mobile') return { msg: 'theme.activatedMobile', logName: `${name} (${body.folder}, mobile)` };
      return { msg: 'theme.activated', logName: `${name} (${body.folder})` };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/theme/delete',
    permission: 'theme',
    body: ThemeFolderBody,
    handler: async ({ req, auth, body }) => {
      const name = await deleteTheme(dataDir(), currentSiteId(req, auth), body.folder);
      clearThemeCache(app);
      await bumpSiteVersion(app.ctx.db); // cached public pages of every site (themes are shared by sub-sites)
      return { msg: 'theme.deleted', logName: `${name} (${body.folder})` };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/templeteLibrary/index',
    permission: 'templeteLibrary',
    handler: async () => {
      const data = await listLibrary(dataDir());
      return { data, count: data.length };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/templeteLibrary/upload',
    permission: 'templeteLibrary',
    bodyLimit: THEME_PACKAGE_LIMITS.uploadBytes + 64 * 1024,
    handler: async ({ req, auth }) => {
      if (!auth.isSuper) throw forbidden('theme.superOnly');
      if (!req.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
      const file = await req.file({ limits: { fileSize: THEME_PACKAGE_LIMITS.uploadBytes, files: 1 } });
      if (!file) throw badRequest('theme.noFile');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new ApiError(413, 'error.payloadTooLarge');
      const stored = await uploadPackage(dataDir(), file.filename, bytes);
      return { data: stored, msg: 'theme.uploaded', logName: stored.package };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/templeteLibrary/install',
    permission: 'templeteLibrary',
    body: InstallBody,
    handler: async ({ req, auth, body }) => {
      const installed = await installPackage(dataDir(), currentSiteId(req, auth), body.package, body.folder);
      await bumpSiteVersion(app.ctx.db); // an install may replace an active theme's files
      return { data: installed, msg: 'theme.installed', logName: `${body.package} → ${installed.folder}` };
    },
  });
}
