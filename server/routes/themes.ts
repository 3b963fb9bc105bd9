import '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { ApiError, badRequest, conflict, forbidden } from '../http/errors';
import { currentSiteId } from '../operations/sites';
import { activateTheme, deleteTheme, listThemes, themeSharing } from '../operations/themes/installed';
import { announceThemeChange, listenForThemeChanges } from '../operations/themes/changes';
import { importDiskHistory } from '../operations/themes/history';
import { loadSiteSettings } from '../operations/websiteSettings';
import { installPackage, listLibrary, uploadPackage } from '../operations/themes/library';
import { InstallBody, THEME_PACKAGE_LIMITS, ThemeActivateBody, ThemeFolderBody } from '../../models/themes';

// Themes of the current site (/Theme/index) and the template library (/TempleteLibrary/index), issue 6. Themes and
// uploaded packages live in the shared folder (config.sharedDir); every change reaches every server (changes.ts).
export default async function themeRoutes(app: FastifyInstance) {
  const sharedDir = () => app.ctx.config.sharedDir;

  // Issue 17: parsed templates follow theme changes made on other servers; the former on-disk editor history moves
  // into the database once (a failure is logged and the files stay for the next start).
  listenForThemeChanges(app);
  await importDiskHistory(app.ctx.db, sharedDir()).then(
    (n) => n && app.log.info(`themes: ${n} saved versions moved from disk into the database`),
    (err: unknown) => app.log.error({ err }, 'themes: the on-disk file history could not be moved into the database'),
  );

  addRoute(app, {
    method: 'GET',
    url: '/theme/index',
    permission: 'theme',
    handler: async ({ req, auth }) => {
      const siteId = currentSiteId(req, auth);
      const { settings } = await loadSiteSettings(app.ctx.db, siteId);
      const data = await listThemes(sharedDir(), siteId, { separateMobile: !settings.pc_mobile_sharing });
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
      const name = await activateTheme(sharedDir(), siteId, body.folder, body.device);
      await announceThemeChange(app, siteId);
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
      const siteId = currentSiteId(req, auth);
      const name = await deleteTheme(app.ctx.db, sharedDir(), siteId, body.folder);
      await announceThemeChange(app, siteId);
      return { msg: 'theme.deleted', logName: `${name} (${body.folder})` };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/templeteLibrary/index',
    permission: 'templeteLibrary',
    handler: async () => {
      const data = await listLibrary(sharedDir());
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
      const stored = await uploadPackage(sharedDir(), file.filename, bytes);
      return { data: stored, msg: 'theme.uploaded', logName: stored.package };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/templeteLibrary/install',
    permission: 'templeteLibrary',
    body: InstallBody,
    handler: async ({ req, auth, body }) => {
      const siteId = currentSiteId(req, auth);
      const installed = await installPackage(sharedDir(), siteId, body.package, body.folder);
      // A folder of a deleted theme may come back with other files: every server parses it afresh.
      await announceThemeChange(app, siteId);
      return { data: installed, msg: 'theme.installed', logName: `${body.package} → ${installed.folder}` };
    },
  });
}
