import { z } from 'zod';
import { DateFilter, IdsBody, NumberFilter, Paging, TextFilter } from './common';

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

/** 0 unread, 1 read, 2 handled. */
export const INQUIRY_STATUS = { unread: 0, read: 1, handled: 2 } as const;
export type InquiryStatus = (typeof INQUIRY_STATUS)[keyof typeof INQUIRY_STATUS];
export const INQUIRY_STATUSES: readonly InquiryStatus[] = [INQUIRY_STATUS.unread, INQUIRY_STATUS.read, INQUIRY_STATUS.handled];

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
  created_at: z.string(),
});
export type Inquiry = z.infer<typeof Inquiry>;
export const InquiryListQuery = Paging.extend({ name: TextFilter, status: NumberFilter, start: DateFilter, end: DateFilter });

/** POST /inquiry/status: marks inquiries unread, read or handled. */
export const InquiryStatusBody = IdsBody.extend({
  status: z.coerce.number().pipe(z.union([z.literal(INQUIRY_STATUS.unread), z.literal(INQUIRY_STATUS.read), z.literal(INQUIRY_STATUS.handled)])),
});
export type InquiryStatusBody = z.infer<typeof InquiryStatusBody>;
