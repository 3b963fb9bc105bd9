import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, ts, updated } from './columns';
import { sites } from './core';
import { inquiries } from './inquiries';

// The receiving mailbox (/InquiryEmail/index, issue 12): every message pulled over IMAP, once per site and
// Message-ID, with the inquiry it became; and where the last pull of each mailbox stopped.

/** An attachment of a pulled message that the attachment checks refused (kept as a note, not fatal). */
export interface RefusedAttachment {
  name: string;
  reason: string;
}

export const inquiryEmails = pgTable(
  'inquiry_emails',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** The Message-ID header, or "hash:<sha256 of from, date and subject>" for a message without one. */
    messageId: text('message_id').notNull(),
    inquiryId: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    fromAddress: text('from_address').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    subject: text('subject').notNull().default(''),
    /** The message's Date header (else when it was pulled). */
    receivedAt: ts('received_at'),
    attachmentIds: jsonb('attachment_ids').$type<number[]>().notNull().default([]),
    refusedAttachments: jsonb('refused_attachments').$type<RefusedAttachment[]>().notNull().default([]),
    mailbox: text('mailbox').notNull().default(''),
    uid: integer('uid').notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex('inquiry_emails_site_message_idx').on(t.siteId, t.messageId), index('inquiry_emails_site_id_idx').on(t.siteId, t.id)],
);

/** Where the pull of one mailbox (account and folder) stopped, and how its last pull went. */
export const inquiryMailboxState = pgTable('inquiry_mailbox_state', {
  /** "user@host:port/mailbox" */
  account: text('account').primaryKey(),
  /** The folder's UIDVALIDITY when last_uid was read; another value means the UIDs were renumbered. */
  uidValidity: text('uid_validity').notNull().default(''),
  lastUid: integer('last_uid').notNull().default(0),
  lastPullAt: ts('last_pull_at'),
  /** 'done' | 'failed' | 'running' | '' */
  lastStatus: text('last_status').notNull().default(''),
  lastResult: jsonb('last_result').$type<Record<string, unknown>>(),
  lastError: text('last_error').notNull().default(''),
  lastJobId: integer('last_job_id'),
  updatedAt: updated(),
});
