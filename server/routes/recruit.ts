import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/validation';
import { registerResource } from '../resources/register';
import { currentSiteId } from '../operations/sites';
import { readUpload } from '../operations/attachments/multipart';
import { removeQuietly } from '../operations/attachments/tempFiles';
import { positionCateServerResource, positionCityServerResource, positionServerResource } from '../operations/recruit/positions';
import {
  positionOfSite, resumeServerResource, resumesCsv, resumesForExport, resumesXlsx, setResumeStatus, storeResume, storeResumeFile,
} from '../operations/recruit/resumes';
import { RESUME_FILE_MAX_BYTES, ResumeExportQuery, ResumeSaveFields, ResumeStatusBody } from '../../models/position';

// Recruitment (/Job/index, /JobCate/index, /JobCity/index, /resume/index, /resume/save): the four declared
// resources, resume status marks, export (xlsx or CSV) and a resume added by hand (multipart, optional file).
export default async function recruitRoutes(app: FastifyInstance) {
  registerResource(app, positionCateServerResource);
  registerResource(app, positionCityServerResource);
  registerResource(app, positionServerResource);
  registerResource(app, resumeServerResource);

  addRoute(app, {
    method: 'POST',
    url: '/resume/status',
    permission: 'resume',
    body: ResumeStatusBody,
    handler: async ({ auth, body }) => {
      const names = await setResumeStatus(app.ctx.db, auth, body.ids, body.status, body.notes);
      return { msg: 'recruit.statusSaved', logName: names.join(', ') };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/resume/export',
    permission: 'resume',
    query: ResumeExportQuery,
    handler: async ({ req, reply, auth, query }) => {
      const siteId = currentSiteId(req, auth);
      const { format, ...filters } = query;
      const rows = await resumesForExport(app.ctx.db, siteId, filters);
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'xlsx') {
        return void reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="resumes-${siteId}-${stamp}.xlsx"`)
          .send(await resumesXlsx(rows, req.lang));
      }
      return void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="resumes-${siteId}-${stamp}.csv"`)
        .send(resumesCsv(rows, req.lang));
    },
  });

  // /resume/save: the admin's form, multipart (fields of ResumeSaveFields and an optional "file").
  addRoute(app, {
    method: 'POST',
    url: '/resume/save',
    permission: 'resumeSave',
    log: { type: 'resume' },
    handler: async ({ req, auth }) => {
      const siteId = currentSiteId(req, auth);
      const upload = await readUpload(req, { fileField: 'file', maxFileBytes: RESUME_FILE_MAX_BYTES, dataDir: app.ctx.config.dataDir });
      try {
        const fields = parseInput(ResumeSaveFields, upload.fields, req.lang);
        const position = await positionOfSite(app.ctx.db, siteId, fields.position_id);
        if (!position) throw badRequest('recruit.positionMissing', {}, { issues: [{ field: 'position_id' }] });
        let file = null;
        if (upload.file && upload.file.size > 0) {
          file = await storeResumeFile(app, upload.file, { siteId, adminId: auth.adminId });
        }
        const delivered = fields.delivered_at ? new Date(fields.delivered_at) : undefined;
        const id = await storeResume(
          app.ctx.db,
          { name: fields.name, phone: fields.phone, email: fields.email, message: fields.message },
          {
            siteId,
            positionId: position.id,
            positionTitle: position.title,
            source: 'admin',
            ip: req.ip,
            file,
            notes: fields.notes,
            deliveredAt: delivered && !Number.isNaN(delivered.getTime()) ? delivered : undefined,
          },
        );
        return { data: { id }, msg: 'recruit.resumeSaved', logName: fields.name };
      } finally {
        if (upload.file) await removeQuietly(upload.file.file);
      }
    },
  });
}
