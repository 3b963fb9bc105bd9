import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { ApiError } from '../http/errors';
import { installFromMarket, marketView, upgradeFromMarket } from '../operations/plugins/marketInstall';
import { setMarketUrl } from '../pluginHost/market/catalogue';
import { MarketInstallBody, MarketUrlBody } from '../../models/pluginMarket';
import type { AuthContext } from '../http/context';

// The plugin market (/Plugin/index, tab "market"; issue 13): the catalogue merged with what is installed,
// install and upgrade of signed packages, and the catalogue URL. Super-admins only: a market package adds
// tables and injects markup into every public page.
const MENU = 'plugin';
const superOnly = (auth: AuthContext) => {
  if (!auth.isSuper) throw new ApiError(403, 'pluginMarket.superOnly');
};

export default async function pluginMarketRoutes(app: FastifyInstance) {
  addRoute(app, {
    method: 'GET',
    url: '/plugin/market',
    permission: MENU,
    handler: async ({ req, auth }) => {
      superOnly(auth);
      return { data: await marketView(app, req.lang) };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/plugin/marketInstall',
    permission: MENU,
    body: MarketInstallBody,
    log: { type: 'plugin' },
    handler: async ({ auth, body }) => {
      superOnly(auth);
      const done = await installFromMarket(app, auth, body.id);
      if (done.failure) throw new ApiError(500, 'plugin.installFailedMsg', { reason: done.failure });
      return { msg: 'plugin.installDone', logName: `${done.name} ${done.version}` };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/plugin/upgrade',
    permission: MENU,
    body: MarketInstallBody,
    log: { type: 'plugin' },
    handler: async ({ auth, body }) => {
      superOnly(auth);
      const done = await upgradeFromMarket(app, auth, body.id);
      return { msg: 'pluginMarket.upgraded', logName: `${done.name} ${done.from} → ${done.version}` };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/plugin/marketUrl',
    permission: MENU,
    body: MarketUrlBody,
    log: { type: 'plugin' },
    handler: async ({ auth, body }) => {
      superOnly(auth);
      await setMarketUrl(app.ctx.db, body.url);
      return { msg: 'pluginMarket.urlSaved', logName: body.url || '-' };
    },
  });
}
