import { z } from 'zod';
import { DateFilter, Id, IdsBody, NumberFilter, Paging, TextFilter } from './common';

// Inquiries sent from the public sites' contact form (/contact/), issue 6; the admin screen (/Inquiry/index) lists
// them, shows one, marks their status and deletes them into the recycle bin (issue 18).

/** The form's fields, in the order the form shows them. */
export const INQUIRY_FIELDS = ['name', 'phone', 'email', 'company', 'content'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** Longest accepted value of each field (characters). */
export const INQUIRY_MAX: Record<InquiryField, number> = { name: 50, phone: 30, email: 100, company: 100, content: 2000 };

/** Hidden field that people leave empty; a filled one marks a bot (answered as sent, stored nowhere). */
export const INQUIRY_HONEYPOT = 'website';

/** Largest form body the public server reads (bytes): room for every field at its longest in CJK, urlencoded. */
export const INQUIRY_BODY_LIMIT = 32 * 1024;

/** Form posts per IP address and window, valid or not. */
export const INQUIRY_RATE = { max: 8, windowMs: 10 * 60_000 } as const;

/**
 * 0 new, 1 in progress, 2 done, 3 spam. The first three were 0 unread, 1 read, 2 handled (issue 18): the stored
 * numbers keep their place (unread→new, read→in progress, handled→done), so no stored inquiry changes meaning.
 */
export const INQUIRY_STATUS = { new: 0, inProgress: 1, done: 2, spam: 3 } as const;
export type InquiryStatus = (typeof INQUIRY_STATUS)[keyof typeof INQUIRY_STATUS];
export const INQUIRY_STATUSES: readonly InquiryStatus[] = [INQUIRY_STATUS.new, INQUIRY_STATUS.inProgress, INQUIRY_STATUS.done, INQUIRY_STATUS.spam];

/** Where an inquiry came from: the contact page, a custom form, or the pulled mailbox. */
export const INQUIRY_SOURCES = ['contact', 'form', 'email'] as const;
export type InquirySource = (typeof INQUIRY_SOURCES)[number];

export const INQUIRY_EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const INQUIRY_PHONE = /^[0-9+\-()\s]{5,30}$/;

export type InquiryValues = Record<InquiryField, string>;

/** An inquiry as the admin screen shows it (GET /inquiry/index and /inquiry/read). */
export const Inquiry = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  cate_id: z.number().int().nullable(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  company: z.string(),
  content: z.string(),
  page: z.string(),
  ip: z.string(),
  region: z.string(),
  user_agent: z.string(),
  status: z.number().int(),
  source: z.enum(INQUIRY_SOURCES),
  source_id: z.number().int().nullable(),
  /** The admin handling it, or null. */
  assignee_id: z.number().int().nullable(),
  notes: z.string(),
  created_at: z.string(),
});
export type Inquiry = z.infer<typeof Inquiry>;
const SourceFilter = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(INQUIRY_SOURCES).optional());
export const InquiryListQuery = Paging.extend({
  name: TextFilter,
  status: NumberFilter,
  cate_id: NumberFilter,
  source: SourceFilter,
  assignee_id: NumberFilter,
  start: DateFilter,
  end: DateFilter,
});

export const InquiryStatusValue = z.coerce
  .number()
  .pipe(z.union([z.literal(INQUIRY_STATUS.new), z.literal(INQUIRY_STATUS.inProgress), z.literal(INQUIRY_STATUS.done), z.literal(INQUIRY_STATUS.spam)]));

/** POST /inquiry/status: marks inquiries new, in progress, done or spam. */
export const InquiryStatusBody = IdsBody.extend({ status: InquiryStatusValue });
export type InquiryStatusBody = z.infer<typeof InquiryStatusBody>;

const OptionalId = z.preprocess((v) => (v === '' || v === undefined || v === 0 || v === '0' ? null : v), Id.nullable());
export const INQUIRY_NOTES_MAX = 5000;

/** POST /inquiry/handle: what the detail dialog edits (category, status, assignee and notes). */
export const InquiryHandling = z.object({
  id: Id,
  cate_id: OptionalId,
  status: InquiryStatusValue,
  assignee_id: OptionalId,
  notes: z.string().max(INQUIRY_NOTES_MAX).default(''),
});
export type InquiryHandling = z.infer<typeof InquiryHandling>;

/** An admin an inquiry can be assigned to (GET /inquiry/assignees/index). */
export const InquiryAssignee = z.object({ id: z.number().int(), name: z.string() });
export type InquiryAssignee = z.infer<typeof InquiryAssignee>;

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 20_000;

/** POST /inquiry/reply: an e-mail to the inquiry's address. */
export const InquiryReplyBody = z.object({
  id: Id,
  subject: z.string().trim().min(1, { message: 'validation.required' }).max(REPLY_SUBJECT_MAX),
  body: z.string().trim().min(1, { message: 'validation.required' }).max(REPLY_BODY_MAX),
});
export type InquiryReplyBody = z.infer<typeof InquiryReplyBody>;

export const REPLY_STATUSES = ['sent', 'failed'] as const;
/** One reply on an inquiry's thread (GET /inquiry/replies), oldest first. */
export const InquiryReply = z.object({
  id: z.number().int(),
  inquiry_id: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_name: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  sent_at: z.string(),
  status: z.enum(REPLY_STATUSES),
  error: z.string(),
});
export type InquiryReply = z.infer<typeof InquiryReply>;

/** The subject a reply starts with: "Re: " and the inquiry's subject when it came by e-mail, else the site's words. */
export function replySubject(original: string, fallback: string): string {
  const base = original.trim() || fallback;
  return /^re:/i.test(base) ? base : `Re: ${base}`;
}

/** A first reply moves a new inquiry to "in progress"; any other status stays (server and client apply the same rule). */
export function statusAfterReply(status: number): number {
  return status === INQUIRY_STATUS.new ? INQUIRY_STATUS.inProgress : status;
}
