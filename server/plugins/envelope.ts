import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors';
import { storageErrorKey } from '../jobs/runner';
import { databaseUnavailable } from '../db/client';
import { translate, type MessageKey } from '../i18n/messages';
import { LANGUAGE_HEADER, toLanguage } from '../../models/language';

const STATUS_MESSAGES: Record<number, MessageKey> = {
  400: 'error.badRequest',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  409: 'error.conflict',
  413: 'error.payloadTooLarge',
  415: 'error.unsupportedMediaType',
  429: 'error.tooManyRequests',
};

/** Request language, the error envelope and the API's not-found answer. */
export default fp(
  async function envelopePlugin(app: FastifyInstance) {
    app.decorateRequest('lang', 'zh');
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (req) => {
      const header = req.headers[LANGUAGE_HEADER];
      req.lang = toLanguage(typeof header === 'string' ? header : (req.headers['accept-language'] ?? undefined));
    });

    app.setErrorHandler(async (error: FastifyError | ApiError, req, reply) => {
      if (error instanceof ApiError) {
        return reply
          .status(error.status)
          .send({ code: error.code, msg: translate(req.lang, error.key, error.params), data: error.data });
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      // PostgreSQL down or restarting: said so (503), and the next request tries a fresh connection.
      if (databaseUnavailable(error)) {
        req.log.error({ err: error }, 'database unavailable');
        return reply.status(503).send({ code: 503, msg: translate(req.lang, 'error.databaseUnavailable'), data: null });
      }
      // A write the file system refused (disk full, a folder it may not write): said plainly, never the path.
      const storage = storageErrorKey(error);
      if (storage) {
        req.log.error({ err: error }, 'request failed on the file system');
        return reply.status(500).send({ code: 500, msg: translate(req.lang, storage === 'job.noSpace' ? 'error.noSpace' : 'error.unwritable'), data: null });
      }
      if (status >= 500 || !STATUS_MESSAGES[status]) {
        req.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ code: 500, msg: translate(req.lang, 'error.server'), data: null });
      }
      return reply.status(status).send({ code: status, msg: translate(req.lang, STATUS_MESSAGES[status]!), data: null });
    });
  },
  { name: 'envelope' },
);
