import { z } from 'zod';
import { Paging } from './common';

// The e-mail inbox (/InquiryEmail/index, issue 12): the receiving mailbox of the 'mail' settings is pulled over
// IMAP into inquiries, on demand and on a schedule; every pulled message is listed with the inquiry it became.

/** The background job kind of a pull. */
export const MAIL_PULL_JOB = 'mailPull';
/** How often the scheduler looks whether a pull is due (the interval itself is imap_interval_minutes). */
export const MAIL_PULL_TICK_MS = 60_000;
/** Most messages one pull takes in; the next pull continues where it stopped. */
export const MAIL_PULL_MAX_MESSAGES = 200;
/** Longest inquiry content kept from a message body (characters). */
export const MAIL_CONTENT_MAX = 10_000;
/** Seconds the IMAP client waits for the server. */
export const MAIL_IMAP_TIMEOUT_SECONDS = 20;

/** What a finished pull reports. */
export interface MailPullResult {
  /** New messages seen in the folder. */
  seen: number;
  /** Inquiries created. */
  created: number;
  /** Messages already pulled before (same Message-ID). */
  duplicates: number;
  /** Attachments stored / refused by the attachment checks. */
  attachments: number;
  refused: number;
}

/** One pulled message (GET /inquiryEmail/index). */
export const InquiryEmail = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  message_id: z.string(),
  inquiry_id: z.number().int().nullable(),
  from_address: z.string(),
  from_name: z.string(),
  subject: z.string(),
  received_at: z.string().nullable(),
  mailbox: z.string(),
  attachments: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
  refused_attachments: z.array(z.object({ name: z.string(), reason: z.string() })),
  created_at: z.string(),
});
export type InquiryEmail = z.infer<typeof InquiryEmail>;

export const InquiryEmailListQuery = Paging;
export type InquiryEmailListQuery = z.infer<typeof InquiryEmailListQuery>;

/** GET /inquiryEmail/status: is a mailbox set up, how did the last pull go, when is the next one. */
export interface MailboxStatus {
  /** Host, account and folder are filled in. */
  configured: boolean;
  enabled: boolean;
  host: string;
  user: string;
  mailbox: string;
  site_id: number;
  interval_minutes: number;
  last_pull_at: string | null;
  /** 'done' | 'failed' | 'running' | '' (never pulled) */
  last_status: string;
  last_result: MailPullResult | null;
  last_error: string;
  /** The pull queued or running now, if the caller may follow it (their own; any for a super-admin). */
  running_job_id: number | null;
  /** When the scheduler will pull next; null when scheduled pulls are off. */
  next_pull_at: string | null;
}
