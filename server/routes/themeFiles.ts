import type { FastifyInstance } from 'fastify';
import { addRoute, hasPermission } from '../http/route';
import { ApiError } from '../http/errors';
import type { AuthContext } from '../http/context';
import { currentSiteId } from '../operations/sites';
import { announceThemeChange } from '../operations/themes/changes';
import { listThemeFiles, listVersions, readThemeFile, readVersion, restoreVersion, updateThemeFile } from '../operations/themes/files';
import { THEME_EDIT_LIMITS, ThemeFileQuery, ThemeFileUpdate, ThemeFilesQuery, ThemeVersionQuery, isTemplatePath } from '../../models/themeFiles';

// The online theme file editor (issue 6): /Theme/files lists every file of a theme, /Theme/tempFiles its
// templates. Reading needs one of those two screens (templates only for the second); saving and restoring
// are for super-admins. A save or restore drops the parsed templates so the public pages change at once.

/** Who may read a file: the all-files screen any file, the templates screen templates only. */
function requireRead(auth: AuthContext, filePath: string) {
  if (hasPermission(auth, 'themeFiles')) return;
  if (hasPermission(auth, 'themeTempFiles') && isTemplatePath(filePath)) return;
  throw new ApiError(403, 'themeFile.readForbidden');
}

function requireSuper(auth: AuthContext) {
  if (!auth.isSuper) throw new ApiError(403, 'themeFile.superOnly');
}

export default async function themeFileRoutes(app: FastifyInstance) {
  // Theme files in the shared folder, their versions in the database (issue 17).
  const sharedDir = () => app.ctx.config.sharedDir;
  const store = () => ({ db: app.ctx.db, sharedDir: app.ctx.config.sharedDir });

  // The whole file tree, and only the templates (the two menu entries of the spec).
  for (const [url, permission, which] of [
    ['/theme/files', 'themeFiles', 'all'],
    ['/theme/tempFiles', 'themeTempFiles', 'templates'],
  ] as const) {
    addRoute(app, {
      method: 'GET',
      url,
      permission,
      query: ThemeFilesQuery,
      handler: async ({ req, auth, query }) => {
        const data = await listThemeFiles(sharedDir(), currentSiteId(req, auth), query.folder, which);
        return { data, count: data.files.length };
      },
    });
  }

  addRoute(app, {
    method: 'GET',
    url: '/theme/fileRead',
    permission: 'authenticated',
    query: ThemeFileQuery,
    handler: async ({ req, auth, query }) => {
      requireRead(auth, query.path);
      return { data: await readThemeFile(sharedDir(), currentSiteId(req, auth), query.folder, query.path) };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/theme/fileVersions',
    permission: 'authenticated',
    query: ThemeFileQuery,
    handler: async ({ req, auth, query }) => {
      requireRead(auth, query.path);
      const data = await listVersions(store(), currentSiteId(req, auth), query.folder, query.path);
      return { data, count: data.length };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/theme/fileVersion',
    permission: 'authenticated',
    query: ThemeVersionQuery,
    handler: async ({ req, auth, query }) => {
      requireRead(auth, query.path);
      const content = await readVersion(store(), currentSiteId(req, auth), query.folder, query.path, query.version);
      return { data: { version: query.version, content } };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/theme/fileUpdate',
    permission: 'theme',
    body: ThemeFileUpdate,
    // JSON escaping makes the body larger than the text; the text's own limit is checked in the operation.
    bodyLimit: THEME_EDIT_LIMITS.fileBytes * 4 + 64 * 1024,
    handler: async ({ req, auth, body }) => {
      requireSuper(auth);
      const siteId = currentSiteId(req, auth);
      const saved = await updateThemeFile(store(), siteId, body.folder, body.path, body.content, auth.adminId);
      if (!saved.changed) return { data: saved, msg: 'themeFile.unchanged', skipLog: true };
      await announceThemeChange(app, siteId, { notified: true });
      return { data: saved, msg: 'themeFile.saved', logName: `${body.folder}/${body.path}` };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/theme/fileRestore',
    permission: 'theme',
    body: ThemeVersionQuery,
    handler: async ({ req, auth, body }) => {
      requireSuper(auth);
      const siteId = currentSiteId(req, auth);
      const restored = await restoreVersion(store(), siteId, body.folder, body.path, body.version, auth.adminId);
      await announceThemeChange(app, siteId, { notified: true });
      return { data: restored, msg: 'themeFile.restored', logName: `${body.folder}/${body.path} @ ${body.version}` };
    },
  });
}
