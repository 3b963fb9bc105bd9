import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translate } from '../i18n/messages';

export const ADMIN_BASE = '/admin/';

/** Vite's hashed output (`assets/<name>-<hash>.<ext>`): a new build writes new names, so these never change. */
const HASHED_ASSET = /^assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.(br|gz))?$/;

/** Hashed assets are cached for a year; everything else (index.html, favicon) is revalidated on each use. */
export function cacheControlOf(relativePath: string): string {
  return HASHED_ASSET.test(relativePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built admin SPA under /admin/ (any unknown /admin/* path gets index.html so the client
 * router answers it) and answers unknown /api/* calls with a 404 envelope. Everything else belongs to
 * the public websites.
 */
export default fp(
  async function adminClient(app: FastifyInstance, opts: { distDir: string }) {
    const indexFile = path.join(opts.distDir, 'index.html');
    const hasClient = fs.existsSync(indexFile);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        prefix: ADMIN_BASE,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset; a client that accepts one gets it (with vary).
        preCompressed: true,
        setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlOf(path.relative(opts.distDir, filePath))),
      });
    }
    const sendIndex = (reply: import('fastify').FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));

    app.get('/admin', { config: { permission: 'public' } }, (_req, reply) => reply.redirect(ADMIN_BASE));

    app.setNotFoundHandler(async (req, reply) => {
      const url = req.url.split('?')[0]!;
      if (url.startsWith('/api/') || url === '/api') {
        return reply.status(404).send({ code: 404, msg: translate(req.lang, 'error.routeNotFound'), data: null });
      }
      if (url.startsWith(ADMIN_BASE) && req.method === 'GET' && hasClient && !path.extname(url)) return sendIndex(reply);
      return reply.status(404).type('text/plain; charset=utf-8').send('404 Not Found');
    });
  },
  { name: 'admin-client' },
);
