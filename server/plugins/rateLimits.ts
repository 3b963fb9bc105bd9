import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError } from '../http/errors';
import { authenticate, tokenOf } from '../http/route';

const MINUTE_MS = 60_000;

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Who an admin API call is counted against: its session when it carries a live token (admins behind one
 * office address each get their own budget), its address otherwise, so a made-up token buys no fresh budget.
 * The session resolved here is the one the handler uses (`authenticate` keeps it on the request).
 */
async function apiCaller(req: FastifyRequest): Promise<string> {
  if (tokenOf(req)) {
    const auth = await authenticate(req).catch(() => null);
    if (auth) return `session:${auth.sessionId}`;
  }
  return `ip:${normalizeIP(req.ip)}`;
}

/**
 * The request limiter counts API calls only. Routes that set `config.rateLimit` (login, SMS codes) get their
 * own strict per-address budget; every other /api route shares `config.rateLimit.api` per minute and caller.
 * Public pages, static output, uploads and the admin client are never counted here: a public site serves
 * visitors behind one proxy address, and a page load fetches dozens of files. Public form posts have their own
 * per-address SubmissionLimiter.
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      timeWindow: MINUTE_MS,
      errorResponseBuilder: () => new ApiError(429, 'error.tooManyRequests'),
    });
    const apiLimit: onRequestHookHandler = app.rateLimit({ max: app.ctx.config.rateLimit.api, timeWindow: MINUTE_MS, keyGenerator: apiCaller });
    app.addHook('onRoute', (route) => {
      if (!isApiUrl(route.url ?? route.path) || route.config?.rateLimit != null) return;
      route.onRequest = [route.onRequest ?? []].flat().concat(apiLimit);
    });
  },
  { name: 'rate-limits', dependencies: ['envelope'] },
);
