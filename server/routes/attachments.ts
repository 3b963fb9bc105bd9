import type { FastifyInstance } from 'fastify';
import { addRoute, hasPermission } from '../http/route';
import { badRequest, forbidden } from '../http/errors';
import { parseInput } from '../http/validation';
import { currentSiteId } from '../operations/sites';
import type { AuthContext } from '../http/context';
import { getUploadSettings } from '../operations/systemSettings';
import { cateTree, createCate, deleteCates, requireCate, updateCate } from '../operations/attachments/categories';
import {
  deleteAttachments,
  listAttachments,
  readAttachment,
  registerAttachmentRecycling,
  saveNetworkAttachments,
  updateAttachment,
} from '../operations/attachments/records';
import { readUpload } from '../operations/attachments/multipart';
import { ingestFile } from '../operations/attachments/ingest';
import { chunkLimit, MAX_CHUNK_BYTES, placeChunk, receiveChunk, saveLiveUploads, sliceStatus } from '../operations/attachments/chunks';
import type { UploadSettings } from '../../models/uploadSettings';
import { instantUpload } from '../operations/attachments/instant';
import { displayName, KINDS } from '../operations/attachments/formats';
import { removeQuietly } from '../operations/attachments/tempFiles';
import { IdQuery, IdsBody } from '../../models/common';
import { CODE_CONTINUE } from '../../models/envelope';
import {
  AttachmentCateListQuery,
  AttachmentCateSave,
  AttachmentCateUpdate,
  AttachmentListQuery,
  AttachmentUpdate,
  CheckHash,
  ChunkFields,
  NetworkAttachmentSave,
  SliceStatusQuery,
  UploadFields,
} from '../../models/attachment';

// API routes: Attachments, their categories and uploads (issue 4). All under the attachment screen's
// menu key; site-scoped through X-Site-Id, ids of sites the admin does not manage answer 403.
const MENU = 'attachmentCate';
/**
 * The attachment picker serves every screen that takes a file (content, slides, ads, site settings, columns,
 * later forms and posters): listing, reading, uploading and adding network addresses need any one of these
 * menus; changing or deleting attachments and categories needs the attachment menu itself.
 */
export const PICKER_MENUS = ['attachmentCate', 'content', 'category', 'slideCate', 'advertisement', 'websiteSetting', 'form', 'poster'];
const PICKER = 'authenticated';
function requirePickerUse(auth: AuthContext) {
  if (!PICKER_MENUS.some((key) => hasPermission(auth, key))) throw forbidden();
}

export default async function attachmentsRoutes(app: FastifyInstance) {
  const db = app.ctx.db;
  registerAttachmentRecycling();
  // Chunked uploads kept in memory write what their rows have not recorded yet before the database closes.
  app.addHook('onClose', () => saveLiveUploads(app));

  // Categories.
  addRoute(app, {
    method: 'GET',
    url: '/attachmentCate/index',
    permission: PICKER,
    query: AttachmentCateListQuery,
    handler: async ({ req, auth, query }) => {
      requirePickerUse(auth);
      const rows = await cateTree(db, currentSiteId(req, auth), query.title);
      return { data: rows, count: rows.length };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/attachmentCate/save',
    permission: MENU,
    body: AttachmentCateSave,
    handler: async ({ req, auth, body }) => {
      const { id, title } = await createCate(db, auth, currentSiteId(req, auth), body);
      return { data: { id }, msg: 'ok.saved', logName: title };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/attachmentCate/update',
    permission: MENU,
    body: AttachmentCateUpdate,
    handler: async ({ auth, body }) => ({ msg: 'ok.saved', logName: (await updateCate(db, auth, body)).title }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/attachmentCate/delete',
    permission: MENU,
    body: IdsBody,
    handler: async ({ auth, body }) => ({ msg: 'ok.deleted', logName: (await deleteCates(db, auth, body.ids)).join(', ') }),
  });

  // Attachments.
  addRoute(app, {
    method: 'GET',
    url: '/attachment/index',
    permission: PICKER,
    query: AttachmentListQuery,
    handler: async ({ req, auth, query }) => {
      requirePickerUse(auth);
      const { rows, count } = await listAttachments(db, currentSiteId(req, auth), query);
      return { data: rows, count };
    },
  });
  addRoute(app, {
    method: 'GET',
    url: '/attachment/read',
    permission: PICKER,
    query: IdQuery,
    handler: async ({ auth, query }) => {
      requirePickerUse(auth);
      return { data: await readAttachment(db, auth, query.id) };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/attachment/save',
    permission: PICKER,
    body: NetworkAttachmentSave,
    handler: async ({ req, auth, body }) => {
      requirePickerUse(auth);
      const rows = await saveNetworkAttachments(db, auth, currentSiteId(req, auth), body);
      return { data: rows, msg: 'ok.saved', logName: rows.map((r) => r.name).join(', ') };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/attachment/update',
    permission: MENU,
    body: AttachmentUpdate,
    handler: async ({ auth, body }) => ({ msg: 'ok.saved', logName: (await updateAttachment(db, auth, body)).name }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/attachment/delete',
    permission: MENU,
    body: IdsBody,
    handler: async ({ auth, body }) => ({ msg: 'ok.deleted', logName: (await deleteAttachments(db, auth, body.ids)).join(', ') }),
  });

  // What a browser needs before it uploads: chunk size and threshold, formats and limits per kind.
  // Any signed-in admin: the attachment picker serves screens other than the attachment menu.
  addRoute(app, {
    method: 'GET',
    url: '/attachment/uploadConfig',
    permission: 'authenticated',
    handler: async () => ({ data: await getUploadSettings(db) }),
  });

  // Uploads in one request: multipart "file" plus UploadFields. The request may carry the largest
  // file any kind allows; the kind's own limit is checked once the name and type are known.
  addRoute(app, {
    method: 'POST',
    url: '/attachment/uploadAndSave',
    permission: PICKER,
    handler: async ({ req, auth }) => {
      requirePickerUse(auth);
      const siteId = currentSiteId(req, auth);
      const settings = await getUploadSettings(db);
      const maxFileBytes = Math.max(...KINDS.map((k) => settings[k].max_kb)) * 1024;
      const upload = await readUpload(req, { fileField: 'file', maxFileBytes, dataDir: app.ctx.config.dataDir });
      try {
        if (!upload.file) throw badRequest('attachment.fileRequired', {}, { issues: [{ field: 'file' }] });
        const fields = parseInput(UploadFields, upload.fields, req.lang);
        await requireCate(db, auth, siteId, fields.attachment_cate_id);
        const name = displayName(upload.file.filename);
        const file = await ingestFile(
          app,
          { file: upload.file.file, name, size: upload.file.size, sha256: upload.file.sha256 },
          { siteId, adminId: auth.adminId, cateId: fields.attachment_cate_id, type: fields.type, reduceImg: fields.reduce_img === 1, settings, pluginHooks: true },
        );
        return { data: file, msg: 'attachment.uploaded', logName: file.name };
      } finally {
        if (upload.file) await removeQuietly(upload.file.file);
      }
    },
  });

  // Chunked uploads: code 1 with ChunkProgress to continue, code 0 with the stored file at the end.
  // A request carries one chunk (chunk_size KB) at most. Only the chunk that completes a file is logged.
  addRoute(app, {
    method: 'POST',
    url: '/attachment/sliceUploadAndSave',
    permission: PICKER,
    handler: async ({ req, auth }) => {
      requirePickerUse(auth);
      // Settings are read only when needed: a chunk of an upload this process keeps takes its chunk size from it.
      let settings: Promise<UploadSettings> | undefined;
      const settingsOnce = () => (settings ??= getUploadSettings(db));
      // A chunk of a known upload is written straight into place; the chunk's own hash is never needed.
      const upload = await readUpload(req, {
        fileField: 'resource_chunk',
        maxFileBytes: MAX_CHUNK_BYTES,
        fileLimit: (fields) => chunkLimit(app, auth, fields, settingsOnce),
        dataDir: app.ctx.config.dataDir,
        hash: false,
        place: (fields) => placeChunk(app, auth, fields, settingsOnce),
      });
      try {
        const fields = parseInput(ChunkFields, upload.fields, req.lang);
        const outcome = await receiveChunk(app, auth, () => currentSiteId(req, auth), { ...fields, resource_name: displayName(fields.resource_name) }, upload.file, settingsOnce);
        if (!outcome.done) return { code: CODE_CONTINUE, data: outcome.progress, msg: 'attachment.chunkReceived', skipLog: true };
        return { data: outcome.file, msg: 'attachment.uploaded', logName: outcome.file.name };
      } finally {
        if (upload.file?.placement) upload.file.placement.release();
        else if (upload.file) await removeQuietly(upload.file.file);
      }
    },
  });
  addRoute(app, {
    method: 'GET',
    url: '/attachment/sliceStatus',
    permission: PICKER,
    query: SliceStatusQuery,
    handler: async ({ auth, query }) => {
      requirePickerUse(auth);
      return { data: await sliceStatus(app, auth, query, () => getUploadSettings(db)) };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/attachment/checkHash',
    permission: PICKER,
    body: CheckHash,
    handler: async ({ req, auth, body }) => {
      requirePickerUse(auth);
      const file = await instantUpload(app, auth, currentSiteId(req, auth), body);
      return { data: file, msg: file ? 'attachment.uploaded' : 'ok.done', logName: body.name };
    },
  });
}
