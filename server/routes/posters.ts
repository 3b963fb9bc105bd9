import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { registerResource } from '../resources/register';
import { posterServerResource } from '../resources/poster';
import { renderPoster, saveLayout } from '../operations/posters/render';
import { PosterLayoutBody, PosterRenderBody } from '../../models/poster';

// Posters (/poster/index): the declared resource (materials), the editor's layout, and rendering to an attachment.
export default async function posterRoutes(app: FastifyInstance) {
  registerResource(app, posterServerResource);

  addRoute(app, {
    method: 'POST',
    url: '/poster/layout',
    permission: 'poster',
    body: PosterLayoutBody,
    log: { type: 'poster' },
    handler: async ({ auth, body }) => ({ msg: 'ok.saved', logName: await saveLayout(app, auth, body.id, body.elements) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/poster/render',
    permission: 'poster',
    body: PosterRenderBody,
    log: { type: 'poster' },
    handler: async ({ auth, body }) => {
      const { name, ...rendered } = await renderPoster(app, auth, body.id);
      return { data: rendered, msg: 'poster.rendered', logName: name };
    },
  });
}
