import '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addRoute } from '../http/route';
import { ApiError, badRequest } from '../http/errors';
import { readSheet, templateCsv } from '../operations/contentImport/sheet';
import { IMPORT_JOB, previewImport, type ImportPayload } from '../operations/contentImport/importer';
import { contentScaffold } from '../operations/content/scaffold';
import { currentSiteId } from '../operations/sites';
import { IMPORT_HEADERS, IMPORT_KINDS, IMPORT_MAX_BYTES, ImportQuery } from '../../models/contentImport';
import { Id } from '../../models/common';

// POST /api/ContentImport/{commission|margin|variety|rule|calendar|intermediary}?category_id=&commit=
// with the file as multipart: commit=0 previews (mapping, per-row errors), commit=1 also starts a job
// creating the valid rows. GET /api/ContentImport/template?category_id= gives a CSV with the headers.
export default async function contentImportRoutes(app: FastifyInstance) {
  for (const kind of IMPORT_KINDS) {
    addRoute(app, {
      method: 'POST',
      url: `/ContentImport/${kind}`,
      permission: 'content',
      query: ImportQuery,
      handler: async ({ req, auth, query }) => {
        currentSiteId(req, auth);
        if (!req.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
        const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
        if (!file) throw badRequest('import.noFile');
        const bytes = await file.toBuffer();
        if (file.file.truncated) throw new ApiError(413, 'error.payloadTooLarge');
        const sheet = await readSheet(bytes, file.filename);
        const { preview, valid } = await previewImport(app.ctx.db, auth, req.lang, kind, query.category_id, sheet);
        if (query.commit === '1') {
          if (!valid.length) throw badRequest('import.nothingValid', {}, preview);
          const payload: ImportPayload = { adminId: auth.adminId, language: req.lang, rows: valid };
          preview.job_id = await app.ctx.jobs.enqueue(IMPORT_JOB, payload as never, { createdBy: auth.adminId });
        }
        return { data: preview, logName: `${file.filename} (${preview.valid}/${preview.total})` };
      },
    });
  }

  addRoute(app, {
    method: 'GET',
    url: '/ContentImport/template',
    permission: 'content',
    query: z.object({ category_id: Id }),
    handler: async ({ req, reply, auth, query }) => {
      const scaffold = await contentScaffold(app.ctx.db, auth, query.category_id);
      const zh = req.lang === 'zh';
      const builtIn = Object.values(IMPORT_HEADERS).map((names) => names[zh ? names.length - 1 : 0]!);
      const headers = [...builtIn, ...scaffold.fields.map((f) => f.title)];
      return void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${query.category_id}.csv"`)
        .send(templateCsv(headers));
    },
  });
}
