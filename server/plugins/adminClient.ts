import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translate } from '../i18n/messages';

export const ADMIN_BASE = '/admin/';

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
      await app.register(fastifyStatic, { root: opts.distDir, prefix: ADMIN_BASE, wildcard: false, index: false });
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
