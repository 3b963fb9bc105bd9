import type { FastifyInstance } from 'fastify';
import { and, count, inArray, isNull, ne } from 'drizzle-orm';
import { inquiries } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { lookupRegion } from '../services/clientInfo';
import { translate } from '../i18n/messages';
import { canManageSite, siteScope } from './sites';
import { forbidden, notFound } from '../http/errors';
import type { Language } from '../../models/language';
import { rateCountersOf, type RateCounters } from '../services/rateCounters';
import {
  INQUIRY_EMAIL, INQUIRY_FIELDS, INQUIRY_HONEYPOT, INQUIRY_MAX, INQUIRY_PHONE, INQUIRY_RATE, INQUIRY_STATUS, type InquiryField, type InquirySource, type InquiryStatus, type InquiryValues,
} from '../../models/inquiry';

// Inquiries from the public contact form (/contact/): reading and checking a posted form, storing it, the
// per-IP submission limit, the dashboard's count and the admin's status marks.

/** Values of a posted form (strings only; anything else counts as empty), trimmed, line ends normalised. */
export function formValues(body: unknown): { values: InquiryValues; honeypot: boolean } {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const str = (v: unknown) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : '');
  const values = Object.fromEntries(INQUIRY_FIELDS.map((f) => [f, str(raw[f])])) as InquiryValues;
  return { values, honeypot: str(raw[INQUIRY_HONEYPOT]) !== '' };
}

/** Field → message in the site's language; empty when the form may be stored. */
export function checkInquiry(values: InquiryValues, lang: Language): Partial<Record<InquiryField, string>> {
  const errors: Partial<Record<InquiryField, string>> = {};
  if (!values.name) errors.name = translate(lang, 'inquiry.nameRequired');
  if (!values.content) errors.content = translate(lang, 'inquiry.contentRequired');
  if (values.email && !INQUIRY_EMAIL.test(values.email)) errors.email = translate(lang, 'inquiry.emailInvalid');
  if (values.phone && !INQUIRY_PHONE.test(values.phone)) errors.phone = translate(lang, 'inquiry.phoneInvalid');
  if (!values.phone && !values.email) {
    errors.phone = translate(lang, 'inquiry.contactRequired');
    errors.email = translate(lang, 'inquiry.contactRequired');
  }
  for (const f of INQUIRY_FIELDS) {
    if ([...values[f]].length > INQUIRY_MAX[f]) errors[f] = translate(lang, 'inquiry.tooLong', { max: INQUIRY_MAX[f] });
  }
  return errors;
}

export interface InquiryMeta {
  siteId: number;
  /** The public URL the form was sent from. */
  page: string;
  ip: string;
  userAgent: string;
  /** Where it came from (default 'contact', the contact page). */
  source?: InquirySource;
  /** The source's own record: the form submission or the pulled message. */
  sourceId?: number;
  /** The inquiry category (inquiry_categories.id) it starts in. */
  categoryId?: number;
}

export async function storeInquiry(db: Executor, values: InquiryValues, meta: InquiryMeta): Promise<number> {
  const ip = meta.ip.replace(/^::ffff:/, '').slice(0, 64);
  const [row] = await db
    .insert(inquiries)
    .values({
      siteId: meta.siteId,
      ...values,
      page: meta.page.slice(0, 1000),
      ip,
      region: lookupRegion(ip).province,
      userAgent: meta.userAgent.slice(0, 500),
      status: INQUIRY_STATUS.new,
      source: meta.source ?? 'contact',
      sourceId: meta.sourceId ?? null,
      cateId: meta.categoryId ?? null,
    })
    .returning({ id: inquiries.id });
  return row!.id;
}

/**
 * Marks live inquiries new, in progress, done or spam: all or none; ids of sites the admin does not manage answer 403,
 * unknown or deleted ids 404. Answers the names the operation log shows.
 */
export async function setInquiryStatus(db: Executor, auth: Pick<AuthContext, 'siteIds'>, ids: number[], status: InquiryStatus): Promise<string[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: inquiries.id, siteId: inquiries.siteId, name: inquiries.name })
    .from(inquiries)
    .where(and(inArray(inquiries.id, unique), isNull(inquiries.deletedAt)));
  if (rows.length !== unique.length) throw notFound();
  if (rows.some((r) => !canManageSite(auth, r.siteId))) throw forbidden('error.siteForbidden');
  await db.update(inquiries).set({ status }).where(inArray(inquiries.id, unique));
  return rows.map((r) => r.name);
}

/** Live inquiries on the sites an admin manages, spam left out (the dashboard's figure). */
export async function countInquiries(db: Executor, auth: Pick<AuthContext, 'siteIds'>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(and(isNull(inquiries.deletedAt), ne(inquiries.status, INQUIRY_STATUS.spam), siteScope(auth, inquiries.siteId as never)));
  return Number(row?.n ?? 0);
}

/**
 * Count of form posts per IP address: a sliding window in memory per app on PGlite (one process), or, given the
 * cluster's shared counters (PostgreSQL, issue 17), a window in table rate_counters that every server counts in.
 */
export class SubmissionLimiter {
  private hits = new Map<string, number[]>();
  constructor(
    private readonly max: number = INQUIRY_RATE.max,
    private readonly windowMs: number = INQUIRY_RATE.windowMs,
    private readonly shared?: { counters: RateCounters; name: string },
  ) {}

  /** Counts one post; false when the address has used up its window (in every server of the cluster). */
  async allow(ip: string, now = Date.now()): Promise<boolean> {
    if (!this.shared) return this.take(ip, now);
    const { count } = await this.shared.counters.hit(`${this.shared.name}:${ip}`, this.windowMs, now);
    return count <= this.max;
  }

  /** Counts one post in this process's memory; false when the address has used up its window. */
  take(ip: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    if (this.hits.size > 10_000) {
      for (const [key, times] of this.hits) if (!times.some((t) => t > since)) this.hits.delete(key);
    }
    const times = (this.hits.get(ip) ?? []).filter((t) => t > since);
    if (times.length >= this.max) {
      this.hits.set(ip, times);
      return false;
    }
    times.push(now);
    this.hits.set(ip, times);
    return true;
  }
}

const limiters = new WeakMap<object, SubmissionLimiter>();
/** Public inquiry and form posts per address (shared by the cluster on PostgreSQL). */
export function submissionLimiter(app: FastifyInstance): SubmissionLimiter {
  let l = limiters.get(app.ctx);
  if (!l) {
    const counters = rateCountersOf(app.ctx.database);
    l = new SubmissionLimiter(INQUIRY_RATE.max, INQUIRY_RATE.windowMs, counters && { counters, name: 'inquiry' });
    limiters.set(app.ctx, l);
  }
  return l;
}
