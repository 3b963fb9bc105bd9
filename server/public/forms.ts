import '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { forms, formSubmissions } from '../db/schema/index';
import type { Executor } from '../db/client';
import { siteForHost, type SiteRow } from './data';
import { formHtml, type FormHtmlState } from './formHtml';
import { FORM_MARKER } from './render/formTag';
import { urls } from './urls';
import { settingsOf } from '../operations/websiteSettings';
import { bumpSubmissionCount, designOf, type FormRow } from '../operations/forms/forms';
import { displayValue } from '../operations/forms/submissions';
import { storeInquiry, submissionLimiter } from '../operations/inquiries';
import { getUploadSettings } from '../operations/systemSettings';
import { ingestFile } from '../operations/attachments/ingest';
import { KINDS, displayName } from '../operations/attachments/formats';
import { incomingFile, removeQuietly, writeStreamToFile } from '../operations/attachments/tempFiles';
import { lookupRegion } from '../services/clientInfo';
import { ApiError } from '../http/errors';
import { translate, isMessageKey } from '../i18n/messages';
import { ATTACHMENT_TYPE } from '../../models/attachment';
import { checkFormValues, fileLimit, formFields, FILE_TYPES, INQUIRY_TARGETS, UPLOAD_LIMIT_MAX, type FormRule } from '../../models/formRules';
import { FORM_HONEYPOT } from '../../models/form';
import { INQUIRY_BODY_LIMIT, INQUIRY_MAX, type InquiryValues } from '../../models/inquiry';
import type { Language } from '../../models/language';

// Published forms on the public sites: the page /form/<code>/ (GET shows it, POST sends it), the markup the
// Liquid tag {% form 'code' %} expands to, and the submit path. A post goes through the contact form's
// guards (honeypot, per-IP limit, body cap), then checkFormValues — the same engine the designer's preview
// runs — then the attachment checks for files; it answers a re-rendered page (422, messages per field) or,
// to fetch (Accept: application/json), an envelope whose data.errors names each field.

export async function publishedForm(db: Executor, siteId: number, code: string): Promise<FormRow | undefined> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.siteId, siteId), eq(forms.code, code), eq(forms.status, 'published')));
  return row;
}

/** What the theme's `form` template sees as `form`. */
export function formView(row: FormRow, lang: Language, state?: FormHtmlState) {
  return {
    code: row.code,
    name: row.name,
    description: row.description,
    type: row.type,
    sent: Boolean(state?.sent),
    html: formHtml({ code: row.code, name: row.name, description: row.description, design: designOf(row), action: urls.form(row.code), lang, state }),
  };
}

/** Replaces the markers {% form 'code' %} left with the published forms' markup (unknown ones with nothing). */
export async function expandFormMarkers(db: Executor, siteId: number, lang: Language, html: string): Promise<string> {
  const codes = [...new Set([...html.matchAll(FORM_MARKER)].map((m) => m[1]!))];
  if (!codes.length) return html;
  const rows = await db
    .select()
    .from(forms)
    .where(and(eq(forms.siteId, siteId), inArray(forms.code, codes), eq(forms.status, 'published')));
  const byCode = new Map(rows.map((r) => [r.code, formView(r, lang).html]));
  return html.replace(FORM_MARKER, (_, code: string) => byCode.get(code) ?? '');
}

// ---------------------------------------------------------------- the submit path

interface PostedFile {
  field: string;
  file: string;
  name: string;
  size: number;
  sha256: string;
}

/** Values of a posted form: strings (or lists of strings for repeated names), the honeypot taken out. */
function postedValues(body: unknown): { values: Record<string, unknown>; honeypot: boolean } {
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (k !== FORM_HONEYPOT) values[k] = v;
  const hp = raw[FORM_HONEYPOT];
  return { values, honeypot: typeof hp === 'string' && hp.trim() !== '' };
}

/** A multipart post: its fields (repeated names become lists) and its files, on disk (the caller removes them). */
async function readMultipart(app: FastifyInstance, req: FastifyRequest, rules: FormRule[]): Promise<{ body: Record<string, unknown>; files: PostedFile[] }> {
  const settings = await getUploadSettings(app.ctx.db);
  const maxFileBytes = Math.max(...KINDS.map((k) => settings[k].max_kb)) * 1024;
  const fileFields = new Map(rules.filter((r) => FILE_TYPES.includes(r.type)).map((r) => [r.field, r]));
  const body: Record<string, unknown> = {};
  const files: PostedFile[] = [];
  try {
    const parts = req.parts({ limits: { fileSize: maxFileBytes, files: Math.max(1, fileFields.size) * UPLOAD_LIMIT_MAX, fields: 200, fieldSize: INQUIRY_BODY_LIMIT, parts: 400 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        const prev = body[part.fieldname];
        body[part.fieldname] = prev === undefined ? part.value : Array.isArray(prev) ? [...prev, part.value] : [prev, part.value];
        continue;
      }
      const rule = fileFields.get(part.fieldname);
      // Files of other names, empty file inputs and files past a field's limit are not kept.
      if (!rule || !part.filename || files.filter((f) => f.field === rule.field).length >= fileLimit(rule) + 1) {
        part.file.resume();
        continue;
      }
      const target = await incomingFile(app.ctx.config.dataDir);
      const written = await writeStreamToFile(part.file, target);
      files.push({ field: rule.field, file: target, name: displayName(part.filename), size: written.size, sha256: written.sha256 });
      if (part.file.truncated) throw new ApiError(413, 'attachment.tooLarge', { max: Math.round(maxFileBytes / 1024) });
      if (written.size === 0) files.pop();
    }
    return { body, files };
  } catch (err) {
    await Promise.all(files.map((f) => removeQuietly(f.file)));
    throw err;
  }
}

/** The inquiry a submission makes (effect.inquiry maps fields; the content defaults to every answer). */
function inquiryValues(rules: FormRule[], values: Record<string, unknown>, formName: string, lang: Language): InquiryValues {
  const out: InquiryValues = { name: '', phone: '', email: '', company: '', content: '' };
  for (const rule of rules) {
    const target = rule.effect?.inquiry;
    if (typeof target === 'string' && (INQUIRY_TARGETS as readonly string[]).includes(target) && values[rule.field] !== undefined) {
      out[target as keyof InquiryValues] = displayValue(rule, values[rule.field], lang);
    }
  }
  if (!out.content) {
    const lines = rules.filter((r) => values[r.field] !== undefined).map((r) => `${r.title || r.field}: ${displayValue(r, values[r.field], lang)}`);
    out.content = [`[${formName}]`, ...lines].join('\n');
  }
  for (const k of Object.keys(out) as (keyof InquiryValues)[]) out[k] = [...out[k]].slice(0, INQUIRY_MAX[k]).join('');
  return out;
}

/** The page the form was sent from: the Referer when it is this host's, else the form's own address. */
function pageOf(req: FastifyRequest, code: string): string {
  const referer = String(req.headers.referer ?? '');
  try {
    const u = new URL(referer);
    if (u.host === req.host) return `${u.origin}${u.pathname}${u.search}`.slice(0, 1000);
  } catch {
    // no or bad Referer
  }
  return `${req.protocol}://${req.host}${urls.form(code)}`;
}

/** POST /form/<code>/: one submission of a published form. */
export function registerFormPosts(app: FastifyInstance, answerPage: (req: FastifyRequest, reply: FastifyReply, site: SiteRow, code: string, state: FormHtmlState, status: number) => Promise<unknown>) {
  const handler = async (req: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
    const site = await siteForHost(app.ctx.db, req.host ?? '');
    if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('404 Not Found');
    const lang = settingsOf(site.settings).language;
    const code = String(req.params.code ?? '');
    const form = await publishedForm(app.ctx.db, site.id, code);
    const wantsJson = String(req.headers.accept ?? '').includes('application/json');
    if (!form) {
      if (req.isMultipart()) for await (const part of req.parts()) if (part.type === 'file') part.file.resume();
      if (wantsJson) return reply.status(404).send({ code: 404, msg: translate(lang, 'error.notFound'), data: null });
      return answerPage(req, reply, site, code, { values: {}, errors: {}, error: '', sent: false }, 404);
    }
    const design = designOf(form);
    const rules = formFields(design.rules);
    const refuse = (values: Record<string, unknown>, errors: Record<string, string>, error: string, status: number) =>
      wantsJson
        ? reply.status(status).header('cache-control', 'no-store').send({ code: status, msg: error, data: { errors } })
        : answerPage(req, reply, site, code, { values, errors, error, sent: false }, status);
    const sent = () =>
      wantsJson
        ? reply.status(200).header('cache-control', 'no-store').send({ code: 0, msg: translate(lang, 'form.sent'), data: null })
        : reply.status(303).header('location', urls.form(code, true)).header('cache-control', 'no-store').send();

    if (!(await submissionLimiter(app).allow(req.ip))) {
      if (req.isMultipart()) for await (const part of req.parts()) if (part.type === 'file') part.file.resume();
      return refuse({}, {}, translate(lang, 'form.tooMany'), 429);
    }
    let files: PostedFile[] = [];
    try {
      let body: unknown = req.body;
      if (req.isMultipart()) {
        try {
          ({ body, files } = await readMultipart(app, req, rules));
        } catch (err) {
          if (err instanceof ApiError) return refuse({}, {}, isMessageKey(err.key) ? translate(lang, err.key, err.params) : translate(lang, 'form.fixErrors'), err.status);
          throw err;
        }
      }
      const { values, honeypot } = postedValues(body);
      if (honeypot) return sent();
      // Files stand in as placeholders while the rules check counts and required fields.
      const fileRules = rules.filter((r) => FILE_TYPES.includes(r.type));
      for (const rule of fileRules) {
        const mine = files.filter((f) => f.field === rule.field);
        if (req.isMultipart()) delete values[rule.field];
        if (mine.length) values[rule.field] = mine.map((_, i) => `/uploads/pending/${i}`);
      }
      const checked = checkFormValues(design.rules, values, lang);
      if (Object.keys(checked.errors).length) return refuse(values, checked.errors, translate(lang, 'form.fixErrors'), 422);
      // Then each file through the attachment checks (formats and sizes of the upload settings).
      const settings = files.length ? await getUploadSettings(app.ctx.db) : undefined;
      const errors: Record<string, string> = {};
      for (const rule of fileRules) {
        const mine = files.filter((f) => f.field === rule.field);
        if (!mine.length || checked.values[rule.field] === undefined) continue;
        const stored: { name: string; url: string }[] = [];
        for (const f of mine) {
          try {
            const up = await ingestFile(app, { file: f.file, name: f.name, size: f.size, sha256: f.sha256 }, {
              siteId: site.id,
              adminId: null,
              cateId: 0,
              type: rule.type === 'image' ? ATTACHMENT_TYPE.image : undefined,
              reduceImg: false,
              settings: settings!,
            });
            stored.push({ name: up.name, url: up.url });
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            const reason = isMessageKey(err.key) ? translate(lang, err.key, err.params) : translate(lang, 'error.badRequest');
            errors[rule.field] = translate(lang, 'form.fileRejected', { field: rule.title || rule.field, reason });
            break;
          }
        }
        checked.values[rule.field] = stored;
      }
      if (Object.keys(errors).length) return refuse(values, errors, translate(lang, 'form.fixErrors'), 422);

      const ip = req.ip.replace(/^::ffff:/, '').slice(0, 64);
      const page = pageOf(req, code);
      const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
      await app.ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(formSubmissions)
          .values({ formId: form.id, values: checked.values, ip, region: lookupRegion(ip).province, userAgent, page })
          .returning({ id: formSubmissions.id });
        await bumpSubmissionCount(tx, form.id, 1);
        if (form.createsInquiry) {
          const inquiryId = await storeInquiry(tx, inquiryValues(rules, checked.values, form.name, lang), { siteId: site.id, page, ip, userAgent, source: 'form', sourceId: row!.id });
          await tx.update(formSubmissions).set({ inquiryId }).where(eq(formSubmissions.id, row!.id));
        }
      });
      return sent();
    } finally {
      await Promise.all(files.map((f) => removeQuietly(f.file)));
    }
  };
  const opts = { config: { permission: 'public' }, bodyLimit: INQUIRY_BODY_LIMIT };
  app.post('/form/:code/', opts, handler);
  app.post('/form/:code', opts, handler);
}

/** The page of each published form of a site (few per site; read by the (site_id, code) index). */
export async function publishedFormPaths(db: Executor, siteId: number): Promise<string[]> {
  const rows = await db.select({ code: forms.code }).from(forms).where(and(eq(forms.siteId, siteId), eq(forms.status, 'published')));
  return rows.map((r) => urls.form(r.code));
}
