import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { registerResource } from '../resources/register';
import { tagServerResource } from '../resources/tag';
import { slideCateServerResource, slideServerResource } from '../resources/slide';
import { adServerResource } from '../resources/ad';
import { innerChartServerResource } from '../resources/innerLink';
import { importWords, prohibitedWordServerResource } from '../resources/prohibitedWord';
import { attachTags, contentsToTag, suggestTags } from '../operations/tagGenerator';
import { currentSiteId } from '../operations/sites';
import { WordImportBody } from '../../models/prohibitedWord';
import { AttachBody, ContentPickQuery, SuggestQuery } from '../../models/tagGenerator';

// API routes of the marketing domain (issue 3). Resources declared in models/resources/marketing.ts are registered
// here with registerResource; other calls with addRoute.
export default async function marketingRoutes(app: FastifyInstance) {
  registerResource(app, tagServerResource);
  registerResource(app, slideCateServerResource);
  registerResource(app, slideServerResource);
  registerResource(app, adServerResource);
  registerResource(app, innerChartServerResource);
  registerResource(app, prohibitedWordServerResource);

  addRoute(app, {
    method: 'POST',
    url: '/prohibitedWord/import',
    permission: 'prohibitedWord',
    body: WordImportBody,
    bodyLimit: 1024 * 1024,
    handler: async ({ body, req }) => {
      const result = await importWords(app.ctx.db, body.text, req.lang);
      return { data: result, msg: 'prohibitedWord.imported', logName: `${result.imported}` };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/contentTag/contents',
    permission: 'contentTag',
    query: ContentPickQuery,
    handler: async ({ req, auth, query }) => {
      const { rows, count } = await contentsToTag(app.ctx.db, currentSiteId(req, auth), query);
      return { data: rows, count };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/contentTag/suggest',
    permission: 'contentTag',
    query: SuggestQuery,
    handler: async ({ auth, query }) => ({ data: await suggestTags(app.ctx.db, auth, query.content_id, query.limit) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/contentTag/attach',
    permission: 'contentTag',
    body: AttachBody,
    handler: async ({ auth, body }) => {
      const { title, ...result } = await attachTags(app.ctx.db, auth, body.content_id, body.names);
      return { data: result, msg: 'contentTag.attached', logName: title };
    },
  });
}
