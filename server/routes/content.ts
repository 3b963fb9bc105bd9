import type { FastifyInstance } from 'fastify';
import '@fastify/multipart';
import { z } from 'zod';
import { addRoute } from '../http/route';
import { ApiError, badRequest } from '../http/errors';
import { currentSiteId } from '../operations/sites';
import { listContents, readContent } from '../operations/content/listing';
import { manageableContent } from '../operations/content/access';
import { contentScaffold } from '../operations/content/scaffold';
import { createContent, restoreRevision, updateContent } from '../operations/content/saving';
import { listRevisions, revisionDetail } from '../operations/content/revisions';
import { changeFlags, recoverContents, recycleContents, type BulkOutcome } from '../operations/content/bulk';
import { IMAGE_UPLOAD_MAX_BYTES, uploadImage } from '../operations/content/images';
import { addInnerLinks, describeContent, localizeRemoteImages, searchProhibitedWords } from '../operations/content/editorActions';
import { Id, IdQuery, IdsBody } from '../../models/common';
import { CheckListQuery, type CheckAllResult } from '../../models/audit';
import { listInReview } from '../operations/audit/checkList';
import { approveAll } from '../operations/audit/actions';
import {
  ContentBody,
  ContentListQuery,
  ContentSave,
  ContentUpdate,
  EditStatus,
  InnerLinkBody,
  RecommendAndStatus,
  RestoreRevision,
  TopOpt,
  type ContentBulkResult,
} from '../../models/content';

// API routes of the content domain (spec §7 "Content"), all at /api/content/<name>.
const MENU = 'content';
const AUDIT_MENU = 'contentCheck';
/** Bodies carry up to 2 M characters of HTML (3 bytes each in UTF-8 for Chinese), plus the JSON around them. */
const HTML_BODY_LIMIT = 8 * 1024 * 1024;

const bulkResult = (o: BulkOutcome) => ({ data: { affected: o.affected } satisfies ContentBulkResult, logName: o.titles.join(', ') });

export default async function contentRoutes(app: FastifyInstance) {
  const db = app.ctx.db;

  addRoute(app, {
    method: 'GET',
    url: '/content/index',
    permission: MENU,
    query: ContentListQuery,
    handler: async ({ req, auth, query }) => {
      const { rows, count } = await listContents(db, auth, currentSiteId(req, auth), query);
      return { data: rows, count };
    },
  });
  addRoute(app, {
    method: 'GET',
    url: '/content/checkList',
    permission: AUDIT_MENU,
    query: CheckListQuery,
    handler: async ({ req, auth, query }) => {
      const { rows, count } = await listInReview(db, auth, currentSiteId(req, auth), query);
      return { data: rows, count };
    },
  });
  addRoute(app, { method: 'GET', url: '/content/read', permission: MENU, query: IdQuery, handler: async ({ auth, query }) => ({ data: await readContent(db, auth, query.id) }) });
  addRoute(app, {
    method: 'GET',
    url: '/content/create',
    permission: MENU,
    query: z.object({ category_id: Id }),
    handler: async ({ auth, query }) => ({ data: await contentScaffold(db, auth, query.category_id) }),
  });
  addRoute(app, {
    method: 'GET',
    url: '/content/mainContent',
    permission: MENU,
    query: IdQuery,
    handler: async ({ auth, query }) => ({ data: { body: (await manageableContent(db, auth, query.id)).body } }),
  });
  addRoute(app, {
    method: 'GET',
    url: '/content/revisions',
    permission: MENU,
    query: IdQuery,
    handler: async ({ auth, query }) => {
      const rows = await listRevisions(db, auth, query.id);
      return { data: rows, count: rows.length };
    },
  });
  addRoute(app, { method: 'GET', url: '/content/revision', permission: MENU, query: IdQuery, handler: async ({ auth, query }) => ({ data: await revisionDetail(db, auth, query.id) }) });

  // Saving: every save keeps a revision; a stale version answers 409.
  addRoute(app, {
    method: 'POST',
    url: '/content/save',
    permission: MENU,
    body: ContentSave,
    bodyLimit: HTML_BODY_LIMIT,
    handler: async ({ req, auth, body }) => {
      const { title, ...saved } = await createContent({ db, auth, lang: req.lang }, body);
      return { data: saved, msg: 'ok.saved', logName: title };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/update',
    permission: MENU,
    body: ContentUpdate,
    bodyLimit: HTML_BODY_LIMIT,
    handler: async ({ req, auth, body }) => {
      const { title, ...saved } = await updateContent({ db, auth, lang: req.lang }, body);
      return { data: saved, msg: 'ok.saved', logName: title };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/restoreRevision',
    permission: MENU,
    body: RestoreRevision,
    handler: async ({ req, auth, body }) => {
      const { title, ...saved } = await restoreRevision({ db, auth, lang: req.lang }, body);
      return { data: saved, msg: 'content.restored', logName: title };
    },
  });

  // Bulk actions of the list.
  for (const url of ['/content/delete', '/content/delAll']) {
    addRoute(app, {
      method: 'POST',
      url,
      permission: MENU,
      body: IdsBody,
      handler: async ({ auth, body }) => ({ ...bulkResult(await recycleContents(db, auth, body.ids)), msg: 'ok.deleted' }),
    });
  }
  addRoute(app, {
    method: 'POST',
    url: '/content/recoverAll',
    permission: MENU,
    body: IdsBody,
    handler: async ({ auth, body }) => bulkResult(await recoverContents(db, auth, body.ids)),
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/topOpt',
    permission: MENU,
    body: TopOpt,
    handler: async ({ auth, body }) => bulkResult(await changeFlags(db, auth, body.ids, { isTop: body.is_top })),
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/recommendAndStatus',
    permission: MENU,
    body: RecommendAndStatus,
    handler: async ({ auth, body }) => bulkResult(await changeFlags(db, auth, body.ids, { isRecommend: body.is_recommend, status: body.status })),
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/editStatus',
    permission: MENU,
    body: EditStatus,
    handler: async ({ auth, body }) => bulkResult(await changeFlags(db, auth, body.ids, { status: body.status })),
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/checkAll',
    permission: AUDIT_MENU,
    body: IdsBody,
    handler: async ({ auth, body }) => {
      const { titles, ...result } = await approveAll(db, auth, body.ids);
      return { data: result satisfies CheckAllResult, msg: result.skipped ? 'audit.someSkipped' : 'audit.approved', logName: titles.join(', ') };
    },
  });

  // An image for the editor, as an attachment of the current site (multipart, one file).
  addRoute(app, {
    method: 'POST',
    url: '/content/articleUpload',
    permission: MENU,
    handler: async ({ req, auth }) => {
      const siteId = currentSiteId(req, auth);
      if (!req.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
      const file = await req.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('content.fileRequired');
      const bytes = await file.toBuffer();
      // toBuffer misses a cut made on the last chunk: the stream's own flag is the truth.
      if (file.file.truncated) throw new ApiError(413, 'error.payloadTooLarge');
      const uploaded = await uploadImage(app, { siteId, adminId: auth.adminId }, bytes, file.filename);
      return { data: uploaded, msg: 'content.uploaded', logName: uploaded.name };
    },
  });

  // The rich-text editor's actions.
  addRoute(app, {
    method: 'POST',
    url: '/content/addInnerChat',
    permission: MENU,
    body: InnerLinkBody,
    bodyLimit: HTML_BODY_LIMIT,
    handler: async ({ req, auth, body }) => ({ data: await addInnerLinks({ app, req, auth }, body) }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/wordSearch',
    permission: MENU,
    body: ContentBody,
    bodyLimit: HTML_BODY_LIMIT,
    handler: async ({ req, auth, body }) => ({ data: await searchProhibitedWords({ app, req, auth }, body) }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/imgLocal',
    permission: MENU,
    body: ContentBody,
    bodyLimit: HTML_BODY_LIMIT,
    handler: async ({ req, auth, body }) => ({ data: await localizeRemoteImages({ app, req, auth }, body) }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/descExtraction',
    permission: MENU,
    body: ContentBody,
    bodyLimit: HTML_BODY_LIMIT,
    handler: async ({ body }) => ({ data: describeContent(body) }),
  });
}
