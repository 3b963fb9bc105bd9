import fp from 'fastify-plugin';
import rateLimit, { normalizeIP, type FastifyRateLimitOptions, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { rateCountersOf, type RateCounters, type RateHit } from '../services/rateCounters';
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

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

const answer = (cb: StoreCallback, r: RateHit | Promise<RateHit>) => {
  if (r instanceof Promise) r.then((v) => cb(null, { current: v.count, ttl: v.ttl }), (err: Error) => cb(err));
  else cb(null, { current: r.count, ttl: r.ttl });
};

/**
 * A @fastify/rate-limit store counting in table rate_counters (server/services/rateCounters.ts), so every server of
 * a cluster on one PostgreSQL database shares one budget per key (issue 17). Each route with its own
 * `config.rateLimit` (login, SMS codes) gets its own key space (method and URL), as the in-memory store gives each
 * its own map, and counts every hit in the database before answering. The admin API limit (app.rateLimit, no
 * route) counts in memory and writes its hits once in API_FLUSH_MS (hitSoon: no write per API call, issue 14),
 * cluster-wide within a second.
 */
function sharedStore(counters: RateCounters): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'api:',
      private readonly buffered = false,
    ) {}

    incr(key: string, cb: StoreCallback, timeWindow: number) {
      const k = this.prefix + key;
      answer(cb, this.buffered ? counters.hitSoon(k, timeWindow) : counters.hit(k, timeWindow));
    }

    read(key: string, cb: StoreCallback, timeWindow: number) {
      const k = this.prefix + key;
      answer(
        cb,
        counters.read(k, timeWindow).then((r) => (this.buffered ? { ...r, count: r.count + counters.unsent(k) } : r)),
      );
    }

    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: unknown; url?: string } }) {
      const route = routeOptions.routeInfo;
      return route?.url ? new SharedStore(routeOptions, `${String(route.method)} ${route.url}:`) : new SharedStore(routeOptions, 'api:', true);
    }
  }
  return SharedStore;
}

/**
 * The request limiter counts API calls only. Routes that set `config.rateLimit` (login, SMS codes) get their
 * own strict per-address budget; every other /api route shares `config.rateLimit.api` per minute and caller.
 * Public pages, static output, uploads and the admin client are never counted here: a public site serves
 * visitors behind one proxy address, and a page load fetches dozens of files. Public form posts have their own
 * per-address SubmissionLimiter. On PostgreSQL the counts are shared by every server (sharedStore); on PGlite
 * (one process) they stay in memory.
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    const counters = rateCountersOf(app.ctx.database);
    await app.register(rateLimit, {
      global: false,
      ...(counters ? { store: sharedStore(counters) } : {}),
      timeWindow: MINUTE_MS,
      errorResponseBuilder: () => new ApiError(429, 'error.tooManyRequests'),
    });
    // Buffered API hits are written before the database closes (the app's onClose hooks run before its owner closes it).
    if (counters) app.addHook('onClose', () => counters.close());
    const apiLimit: onRequestHookHandler = app.rateLimit({ max: app.ctx.config.rateLimit.api, timeWindow: MINUTE_MS, keyGenerator: apiCaller });
    app.addHook('onRoute', (route) => {
      if (!isApiUrl(route.url ?? route.path) || route.config?.rateLimit != null) return;
      route.onRequest = [route.onRequest ?? []].flat().concat(apiLimit);
    });
  },
  { name: 'rate-limits', dependencies: ['envelope'] },
);
