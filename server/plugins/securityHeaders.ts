import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UPLOADS_PREFIX } from '../services/storage';

// Security headers of every response, chosen by what the path serves (issue 15):
// - the admin (/admin, /admin/*: the SPA's index.html and its assets) and the API (/api/*): a strict
//   Content-Security-Policy, no framing, no referrer, no powerful features;
// - uploaded files (/uploads/*), served from the admin's own origin: a sandboxing policy, so a file opened
//   directly is a document without scripts, forms, plugins or same-origin access; markup types are
//   downloaded instead of rendered (HTML and XML as text);
// - everything else (the public websites, their theme assets): nosniff and a referrer policy only. Themes
//   use inline scripts and plugins inject Liquid-rendered head/body markup into public pages, so no script
//   policy is set there; the admin shows no public page in an iframe, so their framing is left to the site.

/**
 * The admin's policy. Why each source:
 * - script-src 'self': the build emits only external module scripts (index.html has no inline script, no
 *   bundle uses eval or new Function); plugins never add scripts to the admin (market plugins are
 *   declarative: their only hook is page.render on public pages).
 * - style-src 'unsafe-inline': Chakra's emotion inserts <style> elements at runtime without a nonce, and
 *   sanitised rich-text bodies rendered in the admin (audit detail, prohibited-word preview) carry
 *   allowlisted `style` attributes.
 * - img-src https: http: (beside 'self' data: blob:): the admin shows images it does not host: attachments
 *   on object storage (any configured public base, http in test setups), friend-link logos, remote images
 *   of a body before they are localised, the editor's local previews (blob:) and data: icons.
 * - media-src likewise for video/audio attachments; font-src 'self' data: for bundled fonts.
 * - connect-src 'self': the client talks only to /api on its own origin (uploads go through the server).
 * - frame-src 'none': the admin embeds no iframe (no public-page preview); object-src 'none'.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Uploaded files opened directly: a sandboxed document that may show its own images, styles and media only. */
export const UPLOAD_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'";

export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** Types a browser would render as a document with scripts (HTML, XHTML, SVG, any XML). */
const MARKUP_TYPE = /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[\w.-]+\/[\w.-]+\+xml)\b/i;
/** Of those, the ones with no use as an inline resource: served as plain text. SVG stays an image for <img>. */
const TEXT_INSTEAD = /^\s*(text\/html|application\/xhtml\+xml|text\/xml|application\/xml)\b/i;

export type HeaderZone = 'admin' | 'upload' | 'public';

export function zoneOf(url: string): HeaderZone {
  const path = url.split('?')[0]!;
  if (path === '/admin' || path.startsWith('/admin/') || path === '/api' || path.startsWith('/api/')) return 'admin';
  if (path.startsWith(UPLOADS_PREFIX)) return 'upload';
  return 'public';
}

function adminHeaders(reply: FastifyReply) {
  reply.header('content-security-policy', ADMIN_CSP);
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  reply.header('x-content-type-options', 'nosniff');
}

function uploadHeaders(reply: FastifyReply) {
  reply.header('content-security-policy', UPLOAD_CSP);
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  const type = String(reply.getHeader('content-type') ?? '');
  if (MARKUP_TYPE.test(type)) {
    if (TEXT_INSTEAD.test(type)) reply.header('content-type', 'text/plain; charset=utf-8');
    if (!/^\s*attachment\b/i.test(String(reply.getHeader('content-disposition') ?? ''))) reply.header('content-disposition', 'attachment');
  }
}

function publicHeaders(reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff');
  if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
}

export default fp(
  async function securityHeaders(app: FastifyInstance) {
    // onSend runs for every reply (routes, static files, not-found and error replies) once its type is known.
    app.addHook('onSend', async (req, reply, payload) => {
      const zone = zoneOf(req.url);
      if (zone === 'admin') adminHeaders(reply);
      else if (zone === 'upload') uploadHeaders(reply);
      else publicHeaders(reply);
      return payload;
    });
  },
  { name: 'security-headers' },
);
