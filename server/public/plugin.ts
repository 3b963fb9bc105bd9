import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteForHost } from './data';
import { renderPage } from './pages';
import { recordVisit } from '../operations/visits/record';

/** What a served page reports to listeners (visit recording). */
export interface PageServed {
  siteId: number;
  path: string;
  ip: string;
  userAgent: string;
}

export interface PublicSitesOptions {
  /**
   * Called after every page answered with 200 (not for assets, sitemap or robots), after the visit is recorded;
   * errors are logged, never thrown.
   */
  onPageServed?: Array<(visit: PageServed) => void | Promise<void>>;
}

/** Paths that belong to the admin, its API and uploaded files: never a website's. */
export const NON_SITE_PREFIXES = ['/admin/', '/api/', '/uploads/'];
const isNonSite = (url: string) => url === '/admin' || url === '/api' || NON_SITE_PREFIXES.some((p) => url.startsWith(p));

/**
 * The public websites: every GET outside /admin/, /api/ and /uploads/ is answered by the site whose domain
 * matches the Host header (localhost falls back to the default site; other unknown hosts get 404).
 */
export default async function publicSites(app: FastifyInstance, opts: PublicSitesOptions) {
  const listeners = opts.onPageServed ?? [];

  const served = (visit: PageServed) => {
    const calls = [() => recordVisit(app, visit), ...listeners.map((fn) => () => fn(visit))];
    for (const call of calls) {
      try {
        void Promise.resolve(call()).catch((err: unknown) => app.log.error({ err }, 'page-served listener failed'));
      } catch (err) {
        app.log.error({ err }, 'page-served listener failed');
      }
    }
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url;
    if (isNonSite(url.split('?')[0]!)) return reply.callNotFound();
    const site = await siteForHost(app.ctx.db, req.host ?? '');
    if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('404 Not Found');
    const result = await renderPage(app, site, url, { origin: `${req.protocol}://${req.host}` });
    if (result.error) req.log.error({ err: result.error, siteId: site.id, url }, 'public page failed to render');
    if (result.location) return reply.redirect(result.location, 302);
    if (result.status === 200 && result.contentType.startsWith('text/html')) {
      served({ siteId: site.id, path: url.split('?')[0]!, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    }
    return reply
      .status(result.status)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', result.contentType.startsWith('text/html') ? 'no-cache' : 'public, max-age=300')
      .type(result.contentType)
      .send(result.body);
  };

  app.get('/', { config: { permission: 'public' } }, handler);
  app.get('/*', { config: { permission: 'public' } }, handler);
}
