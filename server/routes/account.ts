import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { addRoute } from '../http/route';
import { AuthCodeBody, LoginBody, type LoginResult, type CurrentAdmin } from '../../models/account';
import { CODE_AUTH_ON, SelfUpdate } from '../../models/admin';
import { toLanguage, LANGUAGES } from '../../models/language';
import { login, sendAuthCode } from '../operations/account';
import { revokeSession, revokeSessions } from '../operations/sessions';
import { loadMenus, userMenu } from '../operations/menus';
import { pluginMenuEntries } from '../operations/plugins/menus';
import { admins } from '../db/schema/index';
import { badRequest } from '../http/errors';
import { hashPassword, verifyPassword } from '../services/passwords';
import { siteTree } from '../operations/sites';
import { readPreferences, saveTablePreferences } from '../operations/preferences';
import { MAX_PREFERENCES_BYTES, TablePreferencesSave } from '../../models/preferences';

export default async function accountRoutes(app: FastifyInstance) {
  const loginLimit = { rateLimit: { max: app.ctx.config.rateLimit.login, timeWindow: 60_000 } };

  addRoute(app, {
    method: 'POST',
    url: '/account/login',
    permission: 'public',
    body: LoginBody,
    log: false, // the login log records every attempt
    config: loginLimit,
    handler: async ({ req, body }) => {
      const client = { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
      const outcome = await login(app.ctx.db, app.ctx.config, body, client);
      const { menu } = userMenu(await loadMenus(app.ctx.db), outcome);
      const data: LoginResult = { name: outcome.name, pass_tips: outcome.passTips, token: outcome.token, menu };
      return { data, msg: 'ok.done' };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/account/authCode',
    permission: 'public',
    body: AuthCodeBody,
    log: false,
    config: loginLimit,
    handler: async ({ req, body }) => {
      await sendAuthCode(app.ctx.db, app.ctx.sms, body.account, req.lang);
      return { msg: 'authCode.sent' };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/account/logout',
    permission: 'authenticated',
    handler: async ({ auth }) => {
      await revokeSession(app.ctx.db, auth.sessionId, 'logout');
      return { msg: 'ok.loggedOut', logName: auth.account };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/admin/self',
    permission: 'authenticated',
    handler: async ({ auth }) => {
      const [me] = await app.ctx.db.select().from(admins).where(eq(admins.id, auth.adminId));
      return { data: { user: { name: me!.nickname, phone: me!.phone, code_auth: me!.codeAuth, account: me!.account } } };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/admin/selfUpdate',
    permission: 'authenticated',
    body: SelfUpdate,
    log: { type: 'admin', operation: 'admin.selfUpdate' },
    handler: async ({ auth, body }) => {
      if (body.code_auth === CODE_AUTH_ON && !body.phone) throw badRequest('admin.phoneForSms');
      await app.ctx.db.transaction(async (tx) => {
        const [me] = await tx.select().from(admins).where(eq(admins.id, auth.adminId));
        const changes: Partial<typeof admins.$inferInsert> = {
          nickname: body.name,
          phone: body.phone,
          codeAuth: body.code_auth,
          updatedAt: new Date(),
        };
        if (body.password) {
          if (!(await verifyPassword(me!.passwordHash, body.old_password))) throw badRequest('self.oldPasswordWrong');
          changes.passwordHash = await hashPassword(body.password);
          changes.passTips = false;
        }
        await tx.update(admins).set(changes).where(eq(admins.id, auth.adminId));
        if (body.password) await revokeSessions(tx, auth.adminId, 'password', auth.sessionId);
      });
      return { msg: 'ok.saved', logName: auth.account };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/admin/current',
    permission: 'authenticated',
    handler: async ({ auth }) => {
      const data: CurrentAdmin = {
        id: auth.adminId,
        account: auth.account,
        name: auth.nickname,
        role_id: auth.roleId,
        role_name: auth.roleName,
        is_super: auth.isSuper,
        language: auth.language,
        site_ids: auth.siteIds === 'all' ? [] : [...auth.siteIds],
        pass_tips: auth.passTips,
      };
      return { data };
    },
  });

  // The signed-in admin's own preferences (column settings of the lists); never another admin's.
  addRoute(app, {
    method: 'GET',
    url: '/admin/preferences',
    permission: 'authenticated',
    handler: async ({ auth }) => ({ data: await readPreferences(app.ctx.db, auth.adminId) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/admin/preferences',
    permission: 'authenticated',
    body: TablePreferencesSave,
    bodyLimit: 2 * MAX_PREFERENCES_BYTES,
    log: false, // a layout tweak, saved as the admin drags: not an operation worth a log line
    handler: async ({ auth, body }) => ({ data: await saveTablePreferences(app.ctx.db, auth.adminId, body), msg: 'preferences.saved' }),
  });

  addRoute(app, {
    method: 'GET',
    url: '/adminmenu/getUserMenuList',
    permission: 'authenticated',
    handler: async ({ req, auth }) => ({ data: userMenu(await loadMenus(app.ctx.db), auth, pluginMenuEntries(app.ctx.plugins, req.lang)) }),
  });

  // GET /adminmenu/getDynamicMenu lives with the columns it lists (server/routes/sites.ts).

  addRoute(app, {
    method: 'GET',
    url: '/website/siteList',
    permission: 'authenticated',
    handler: async ({ auth }) => ({ data: await siteTree(app.ctx.db, auth) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/system/clearCache',
    permission: 'authenticated',
    log: { type: 'system' },
    handler: async () => {
      for (const cache of app.ctx.caches.values()) cache.clear();
      return { msg: 'ok.cacheCleared' };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/system/changeLanguage',
    permission: 'authenticated',
    body: z.object({ language: z.enum(LANGUAGES) }),
    log: { type: 'system' },
    handler: async ({ auth, body, req }) => {
      await app.ctx.db.update(admins).set({ language: body.language }).where(eq(admins.id, auth.adminId));
      req.lang = toLanguage(body.language);
      return { msg: 'ok.languageChanged', logName: body.language };
    },
  });
}
