import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LiquidError } from 'liquidjs';
import { siteForHost } from './data';
import { renderPage, rendererOf, type ContactFormState } from './pages';
import { deviceOf, recordVisit } from '../operations/visits/record';
import { settingsOf } from '../operations/websiteSettings';
import { checkInquiry, formValues, storeInquiry, submissionLimiter } from '../operations/inquiries';
import { translate } from '../i18n/messages';
import { urls } from './urls';
import { registerFormPosts } from './forms';
import { registerApplyRoute } from './applyRoute';
import type { ThemeDevice } from './themes';
import { INQUIRY_BODY_LIMIT } from '../../models/inquiry';
import { indexNowKeyFile } from '../pluginHost/builtin/urlpush';
import { installPageCache, type CachedAnswer } from './pageCache';
import { PAGE_CACHE_BYTES_DEFAULT } from '../config';
import { parsePath } from './urls';
import { pluginInjections } from './pluginInjections';

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

  // Live GET answers are kept in the page cache (server/public/pageCache.ts) while their site's data is unchanged.
  const cache = installPageCache(app, app.ctx.config.pageCacheBytes ?? PAGE_CACHE_BYTES_DEFAULT);
  cache.onGlobalChange = () => app.ctx.caches.get('publicThemes')?.clear();
  cache.renderer = rendererOf(app);

  type Answer = CachedAnswer & { location?: string; error?: unknown };
  const send = async (req: FastifyRequest, reply: FastifyReply, siteId: number, kind: string, a: Answer) => {
    if (a.variesByDevice) reply.header('vary', 'User-Agent');
    if (a.location) return reply.redirect(a.location, 302);
    const html = a.contentType.startsWith('text/html');
    // The enabled plugins' head and body injections (page.render) are applied to every answer, cached or not.
    const body = html && !a.error && kind !== 'asset' && typeof a.body === 'string' ? await pluginInjections(app, siteId, req.url, kind, a.body) : a.body;
    if (a.status === 200 && html) {
      served({ siteId, path: req.url.split('?')[0]!, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    }
    return reply
      .status(a.status)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', html ? 'no-cache' : 'public, max-age=300')
      .type(a.contentType)
      .send(body);
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url;
    const path = url.split('?')[0]!;
    if (isNonSite(path)) return reply.callNotFound();
    const host = req.host ?? '';
    const lookup = cache.enabled ? await cache.site(host) : undefined;
    const site = cache.enabled ? lookup?.site : await siteForHost(app.ctx.db, host);
    if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('404 Not Found');
    // The URL push plugin's IndexNow key file (/<key>.txt), served only while that plugin is enabled (never cached).
    const keyFile = await indexNowKeyFile(app.ctx.plugins, path);
    if (keyFile !== null) return reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(keyFile);
    const origin = `${req.protocol}://${req.host}`;
    const route = parsePath(url);
    const render = async (device: ThemeDevice) => {
      const result = await renderPage(app, site, url, { origin, device, withoutPluginInjections: true });
      if (result.error) req.log.error({ err: result.error, siteId: site.id, url }, 'public page failed to render');
      return { ...result, variesByDevice: Boolean(result.variesByDevice) };
    };
    if (!lookup || !cacheable(route)) return send(req, reply, site.id, route.kind, await render(deviceOfRequest(req)));
    // Keyed by site, origin (absolute URLs), path and query; by device only when the answer varies by device.
    const base = `${site.id}\n${origin}\n${url}`;
    let device: ThemeDevice | undefined;
    const hit = cache.get(`${base}\nany`, lookup) ?? cache.get(`${base}\n${(device = deviceOfRequest(req))}`, lookup);
    if (hit) return send(req, reply.header('x-page-cache', 'hit'), site.id, route.kind, hit);
    device ??= deviceOfRequest(req);
    const answer = await cache.fill<Answer>(`${base}\n${device}`, lookup, async () => {
      const result = await render(device);
      // 200s and the theme's 404, and a template's own failure (it fails again until the site's data or theme
      // changes: a template spinning to its render limit costs that limit once per page, not on every visit);
      // never a redirect nor any other failure (the database may be back on the next visit).
      const failedTemplate = result.error !== undefined && isTemplateFailure(result.error);
      const store = !result.location && (failedTemplate || (!result.error && (result.status === 200 || result.status === 404)));
      const kept = failedTemplate ? { ...result, error: undefined } : result;
      return { answer: kept, storeKey: store ? `${base}\n${result.variesByDevice ? device : 'any'}` : null };
    });
    return send(req, reply.header('x-page-cache', 'miss'), site.id, route.kind, answer);
  };

  app.get('/', { config: { permission: 'public' } }, handler);
  app.get('/*', { config: { permission: 'public' } }, handler);

  // The contact form (/contact/): urlencoded posts of at most INQUIRY_BODY_LIMIT bytes, in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: INQUIRY_BODY_LIMIT }, (_req, body, done) => {
    done(null, urlencodedValues(String(body)));
  });

  const contactPost = async (req: FastifyRequest, reply: FastifyReply) => {
    const site = await siteForHost(app.ctx.db, req.host ?? '');
    if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('404 Not Found');
    const lang = settingsOf(site.settings).language;
    const device = deviceOfRequest(req);
    const { values, honeypot } = formValues(req.body);
    const answer = async (form: ContactFormState) => {
      const result = await renderPage(app, site, urls.contact(), { origin: `${req.protocol}://${req.host}`, device, contactForm: form });
      if (result.error) req.log.error({ err: result.error, siteId: site.id }, 'contact page failed to render');
      if (result.variesByDevice) reply.header('vary', 'User-Agent');
      return reply.status(result.status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type(result.contentType).send(result.body);
    };
    if (!(await submissionLimiter(app).allow(req.ip))) return answer({ values, errors: {}, error: translate(lang, 'inquiry.tooMany'), status: 429 });
    const sent = () => reply.status(303).header('location', urls.contact(true)).header('cache-control', 'no-store').send();
    if (honeypot) return sent();
    const errors = checkInquiry(values, lang);
    if (Object.keys(errors).length) return answer({ values, errors, error: translate(lang, 'inquiry.fixErrors'), status: 422 });
    await storeInquiry(app.ctx.db, values, {
      siteId: site.id,
      page: pageOf(req),
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? ''),
    });
    return sent();
  };
  app.post('/contact/', { config: { permission: 'public' }, bodyLimit: INQUIRY_BODY_LIMIT }, contactPost);
  app.post('/contact', { config: { permission: 'public' }, bodyLimit: INQUIRY_BODY_LIMIT }, contactPost);

  // Published forms (/form/<code>/): a refused post re-renders the form page with its messages.
  registerFormPosts(app, async (req, reply, site, code, state, status) => {
    const result = await renderPage(app, site, urls.form(code), { origin: `${req.protocol}://${req.host}`, device: deviceOfRequest(req), formState: state, formStatus: status });
    if (result.error) req.log.error({ err: result.error, siteId: site.id }, 'form page failed to render');
    if (result.variesByDevice) reply.header('vary', 'User-Agent');
    return reply.status(result.status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type(result.contentType).send(result.body);
  });
  // The apply form of a position's page (/jobs/<id>.html): multipart, in server/public/applyRoute.ts.
  registerApplyRoute(app);
}

/** A failure of the theme's Liquid itself (parse, render, a render limit), as opposed to the database or the disk. */
function isTemplateFailure(error: unknown): boolean {
  if (!(error instanceof LiquidError)) return false;
  // A file the theme includes that the disk failed to read (EIO, EMFILE...) may read on the next visit.
  for (let e: unknown = error, depth = 0; e && depth < 8; depth++) {
    if (typeof (e as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((e as NodeJS.ErrnoException).code!)) return false;
    e = (e as { originalError?: unknown }).originalError ?? (e as { cause?: unknown }).cause;
  }
  return true;
}

/**
 * GET answers the page cache may keep: not a search (any query text is a new page: rendered, bounded by its
 * LIMIT), not the thank-you state of a form (?sent), which follows a visitor's own post.
 */
function cacheable(route: ReturnType<typeof parsePath>): boolean {
  if (route.kind === 'search') return !route.q;
  return !('sent' in route && route.sent);
}

/** 'mobile' for phones (tablets and desktops get the PC theme). */
function deviceOfRequest(req: FastifyRequest): ThemeDevice {
  return deviceOf(String(req.headers['user-agent'] ?? '')) === 'mobile' ? 'mobile' : 'pc';
}

/** The page the form was sent from: the Referer's path when it is this host's, else the form's own path. */
function pageOf(req: FastifyRequest): string {
  const referer = String(req.headers.referer ?? '');
  try {
    const u = new URL(referer);
    if (u.host === req.host) return `${u.origin}${u.pathname}${u.search}`.slice(0, 1000);
  } catch {
    // no or bad Referer
  }
  return `${req.protocol}://${req.host}${urls.contact()}`;
}

/** An urlencoded body as an object; a name sent more than once (checkboxes) becomes a list of its values. */
function urlencodedValues(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of new URLSearchParams(body)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
