import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteForHost } from './data';
import { renderPage } from './pages';
import { positionById, type ApplyFormState } from './recruit';
import { urls } from './urls';
import { deviceOf } from '../operations/visits/record';
import { settingsOf } from '../operations/websiteSettings';
import { readUpload } from '../operations/attachments/multipart';
import { removeQuietly } from '../operations/attachments/tempFiles';
import { applicationLimiter, applicationValues, checkApplication, fileRefusal, storeResume, storeResumeFile } from '../operations/recruit/resumes';
import { ApiError } from '../http/errors';
import { translate } from '../i18n/messages';
import { positionListed, RESUME_FILE_MAX_BYTES } from '../../models/position';

// The apply form of a position's public page: POST /jobs/<id>.html, multipart (name, phone, email, message, an
// optional file of at most RESUME_FILE_MAX_BYTES), like the contact form: a filled honeypot answers as sent and
// stores nothing, more than RESUME_RATE posts per IP re-render with 429, invalid input re-renders with 422 and
// each field's message in the site's language, a valid one stores a resume and answers 303 to ?sent=1.

export function registerApplyRoute(app: FastifyInstance) {
  const post = async (req: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const site = await siteForHost(app.ctx.db, req.host ?? '');
    const m = /^(\d{1,9})\.html$/.exec(req.params.file);
    const position = site && m ? await positionById(app.ctx.db, site.id, Number(m[1])) : undefined;
    if (!site || !position) {
      if (req.isMultipart()) await drain(req);
      return reply.status(404).type('text/plain; charset=utf-8').send('404 Not Found');
    }
    const lang = settingsOf(site.settings).language;
    const device = deviceOf(String(req.headers['user-agent'] ?? '')) === 'mobile' ? 'mobile' : 'pc';
    const answer = async (form: ApplyFormState) => {
      const result = await renderPage(app, site, urls.position(position.id), { origin: `${req.protocol}://${req.host}`, device, applyForm: form });
      if (result.error) req.log.error({ err: result.error, siteId: site.id }, 'job page failed to render');
      if (result.variesByDevice) reply.header('vary', 'User-Agent');
      return reply.status(result.status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type(result.contentType).send(result.body);
    };
    const empty = applicationValues({}).values;
    if (!(await applicationLimiter(app).allow(req.ip))) {
      if (req.isMultipart()) await drain(req);
      return answer({ values: empty, errors: {}, error: translate(lang, 'recruit.tooMany'), status: 429 });
    }
    if (!positionListed(position, new Date())) {
      if (req.isMultipart()) await drain(req);
      return answer({ values: empty, errors: {}, error: translate(lang, 'recruit.closed'), status: 409 });
    }
    let upload;
    try {
      upload = await readUpload(req, { fileField: 'file', maxFileBytes: RESUME_FILE_MAX_BYTES, dataDir: app.ctx.config.dataDir });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const status = err.code === 413 ? 413 : 415;
      const message = status === 413 ? translate(lang, 'recruit.fileTooLarge', { max: RESUME_FILE_MAX_BYTES / 1024 / 1024 }) : translate(lang, err.key, err.params);
      if (status === 413 && req.raw.readable) req.raw.resume();
      return answer({ values: empty, errors: { file: message }, error: translate(lang, 'recruit.fixErrors'), status });
    }
    const file = upload.file && upload.file.size > 0 ? upload.file : null;
    try {
      const { values, honeypot } = applicationValues(upload.fields);
      const sent = () => reply.status(303).header('location', urls.position(position.id, true)).header('cache-control', 'no-store').send();
      if (honeypot) return sent();
      const errors = checkApplication(values, lang);
      if (Object.keys(errors).length) return answer({ values, errors, error: translate(lang, 'recruit.fixErrors'), status: 422 });
      let stored = null;
      if (file) {
        try {
          stored = await storeResumeFile(app, file, { siteId: site.id, adminId: null });
        } catch (err) {
          const message = fileRefusal(err, lang);
          if (message === null) throw err;
          return answer({ values, errors: { file: message }, error: translate(lang, 'recruit.fixErrors'), status: 422 });
        }
      }
      await storeResume(app.ctx.db, values, { siteId: site.id, positionId: position.id, positionTitle: position.title, source: 'site', ip: req.ip, file: stored });
      return sent();
    } finally {
      if (upload.file) await removeQuietly(upload.file.file);
    }
  };
  app.post<{ Params: { file: string } }>('/jobs/:file', { config: { permission: 'public' } }, post);
}

/** Reads and drops the rest of a multipart body (answering before reading it can stall the client). */
async function drain(req: FastifyRequest) {
  try {
    for await (const part of req.parts()) if (part.type === 'file') part.file.resume();
  } catch {
    // a broken body: nothing to keep
  }
}
