import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addRoute } from '../http/route';
import { forbidden } from '../http/errors';
import { parseInput } from '../http/validation';
import { sysSettingsView, updateSysSettings } from '../operations/systemSettings';
import { testStorage } from '../operations/storageTest';
import { ImapTest, MailTest, StorageTest, SUPER_ONLY_GROUPS, SYS_SETTING_GROUPS, SysSettingsUpdate } from '../../models/sysSettings';
import { sendTestMail } from '../operations/outgoingMail';
import { translate } from '../i18n/messages';
import { testImapMailbox } from '../operations/mailboxTest';

// API routes: System settings: upload, storage, footer, session, mail and company (issues 4, 12, 13). Storage,
// session and mail are the super-admins' (403 before their values are even looked at); secrets never leave the server.
const MENU = 'sysSetting';

/** Enough of the body to know the group; the group's values are checked once the caller may change it. */
const GroupOf = z.object({ group: z.enum(SYS_SETTING_GROUPS), values: z.record(z.string(), z.unknown()) });
const AnyObject = z.record(z.string(), z.unknown());

export default async function settingsRoutes(app: FastifyInstance) {
  addRoute(app, {
    method: 'GET',
    url: '/sysSetting/index',
    permission: MENU,
    handler: async ({ auth }) => ({ data: await sysSettingsView(app.ctx.db, auth) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/sysSetting/update',
    permission: MENU,
    body: GroupOf,
    handler: async ({ req, auth, body }) => {
      if (SUPER_ONLY_GROUPS.includes(body.group) && !auth.isSuper) throw forbidden();
      await updateSysSettings(app, auth, req.lang, parseInput(SysSettingsUpdate, body, req.lang));
      return { msg: 'ok.saved', logName: body.group };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/sysSetting/testStorage',
    permission: MENU,
    body: AnyObject,
    handler: async ({ req, auth, body }) => {
      if (!auth.isSuper) throw forbidden();
      const settings = parseInput(StorageTest, body, req.lang);
      await testStorage(app, settings, req.lang);
      return { msg: 'sysSetting.storageTestOk', logName: settings.method };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/sysSetting/testMail',
    permission: MENU,
    body: AnyObject,
    handler: async ({ req, auth, body }) => {
      if (!auth.isSuper) throw forbidden();
      const test = parseInput(MailTest, body, req.lang);
      await sendTestMail(app, test.to, test.values, { subject: translate(req.lang, 'mail.testSubject'), text: translate(req.lang, 'mail.testBody') });
      return { msg: 'mail.testSent', logName: test.to };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/sysSetting/testImap',
    permission: MENU,
    body: AnyObject,
    handler: async ({ req, auth, body }) => {
      if (!auth.isSuper) throw forbidden();
      const test = parseInput(ImapTest, body, req.lang);
      const { account } = await testImapMailbox(app, test.values);
      return { msg: 'sysSetting.imapTestOk', logName: account };
    },
  });
}
