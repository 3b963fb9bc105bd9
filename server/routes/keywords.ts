import '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { addRoute } from '../http/route';
import { ApiError, badRequest } from '../http/errors';
import { registerResource } from '../resources/register';
import { keywordListWhere, keywordServerResource, toKeyword } from '../resources/keyword';
import { keywordRanks, siteKeywords } from '../db/schema/index';
import { iso } from '../db/listing';
import { currentSiteId } from '../operations/sites';
import { readSheet } from '../operations/contentImport/sheet';
import { manageableKeywords } from '../operations/keywords/access';
import { importKeywords } from '../operations/keywords/importing';
import { keywordsCsv, keywordsXlsx } from '../operations/keywords/exporting';
import { rankSettingsView, readRankSettings, saveRankSettings, siteDomain } from '../operations/keywords/rankSettings';
import { installRankMonitor, RANK_CHECK_JOB, type RankJobPayload } from '../operations/keywords/rankCheck';
import { Id } from '../../models/common';
import {
  HistoryQuery,
  KEYWORD_IMPORT_MAX_BYTES,
  KeywordExportQuery,
  KeywordInnerLinkBody,
  KeywordStatusBody,
  RANK_HISTORY_LIMIT,
  RankSettings,
  type RankCheck,
} from '../../models/keyword';

// Site keywords (/Keyword/index) and the rank monitor, all behind the 'keyword' menu key and the
// current site: CRUD from the declared resource, bulk status and inner-link switches, import and
// export, the provider's settings, a keyword's rank history and "check now" (a job).
export default async function keywordRoutes(app: FastifyInstance) {
  registerResource(app, keywordServerResource);
  installRankMonitor(app);

  addRoute(app, {
    method: 'POST',
    url: '/keyword/status',
    permission: 'keyword',
    body: KeywordStatusBody,
    handler: async ({ auth, body }) => {
      const rows = await manageableKeywords(app.ctx.db, auth, body.ids);
      await app.ctx.db.update(siteKeywords).set({ status: body.status, updatedAt: new Date() }).where(inArray(siteKeywords.id, body.ids));
      return { msg: 'keyword.statusChanged', logName: rows.map((r) => r.name).join(', ') };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/keyword/innerLink',
    permission: 'keyword',
    body: KeywordInnerLinkBody,
    handler: async ({ auth, body }) => {
      const rows = await manageableKeywords(app.ctx.db, auth, body.ids);
      await app.ctx.db.update(siteKeywords).set({ innerLink: body.inner_link, updatedAt: new Date() }).where(inArray(siteKeywords.id, body.ids));
      return { msg: 'ok.saved', logName: rows.map((r) => r.name).join(', ') };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/keyword/import',
    permission: 'keyword',
    handler: async ({ req, auth }) => {
      const siteId = currentSiteId(req, auth);
      if (!req.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
      const file = await req.file({ limits: { fileSize: KEYWORD_IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('import.noFile');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new ApiError(413, 'error.payloadTooLarge');
      const result = await importKeywords(app.ctx.db, siteId, await readSheet(bytes, file.filename), req.lang);
      return { data: result, msg: 'keyword.imported', logName: `${file.filename} (${result.imported}/${result.total})` };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/keyword/export',
    permission: 'keyword',
    query: KeywordExportQuery,
    handler: async ({ req, reply, auth, query }) => {
      const siteId = currentSiteId(req, auth);
      const rows = await app.ctx.db
        .select()
        .from(siteKeywords)
        .where(and(eq(siteKeywords.siteId, siteId), ...keywordListWhere(query)))
        .orderBy(desc(siteKeywords.weight), desc(siteKeywords.id));
      const keywords = rows.map(toKeyword);
      const stamp = new Date().toISOString().slice(0, 10);
      if (query.format === 'xlsx') {
        return void reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="keywords-${siteId}-${stamp}.xlsx"`)
          .send(await keywordsXlsx(keywords, req.lang));
      }
      return void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="keywords-${siteId}-${stamp}.csv"`)
        .send(keywordsCsv(keywords, req.lang));
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/keyword/rankSettings',
    permission: 'keyword',
    handler: async ({ req, auth }) => ({ data: await rankSettingsView(app.ctx.db, currentSiteId(req, auth)) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/keyword/rankSettings',
    permission: 'keyword',
    body: RankSettings,
    handler: async ({ req, auth, body }) => {
      const siteId = currentSiteId(req, auth);
      await saveRankSettings(app.ctx.db, siteId, body);
      return { msg: 'keyword.rankSaved', logName: body.engine };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/keyword/history',
    permission: 'keyword',
    query: HistoryQuery,
    handler: async ({ auth, query }) => {
      await manageableKeywords(app.ctx.db, auth, [query.id]);
      const rows = await app.ctx.db
        .select()
        .from(keywordRanks)
        .where(eq(keywordRanks.keywordId, query.id))
        .orderBy(desc(keywordRanks.checkedAt), desc(keywordRanks.id))
        .limit(RANK_HISTORY_LIMIT);
      const data: RankCheck[] = rows.reverse().map((r) => ({ id: r.id, engine: r.engine, position: r.position, url: r.url, indexed: r.indexed, error: r.error, checked_at: iso(r.checkedAt)! }));
      return { data };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/keyword/check',
    permission: 'keyword',
    body: z.object({ ids: z.array(Id).max(1000).default([]) }),
    handler: async ({ req, auth, body }) => {
      const siteId = currentSiteId(req, auth);
      if (body.ids.length) {
        const rows = await manageableKeywords(app.ctx.db, auth, body.ids);
        if (rows.some((r) => r.siteId !== siteId)) throw badRequest('error.siteForbidden');
      }
      const settings = await readRankSettings(app.ctx.db, siteId);
      if (!settings?.urlTemplate) throw badRequest('keyword.rankNotConfigured');
      if (!(await siteDomain(app.ctx.db, siteId))) throw badRequest('keyword.noDomain');
      const payload: RankJobPayload = { siteId, language: req.lang, ...(body.ids.length ? { keywordIds: body.ids } : {}) };
      const jobId = await app.ctx.jobs.enqueue(RANK_CHECK_JOB, payload as never, { siteId, createdBy: auth.adminId });
      return { data: { job_id: jobId }, msg: 'keyword.rankStarted', logName: `#${jobId}` };
    },
  });
}
