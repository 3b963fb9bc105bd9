import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, stamp, updated } from './columns';
import { sites } from './core';
import { inquiries } from './inquiries';

// Inquiry categories (/InquiryCate/index) and the e-mail replies sent to an inquiry (POST /inquiry/reply).

export const inquiryCategories = pgTable(
  'inquiry_categories',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    description: text('description').notNull().default(''),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('inquiry_categories_site_sort_idx').on(t.siteId, t.sort, t.id)],
);

/** Every reply an admin sent (or tried to send) to an inquiry; a failed one keeps its error. */
export const inquiryReplies = pgTable(
  'inquiry_replies',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The Message-ID our server gave the sent message ('' when it failed). */
    messageId: text('message_id').notNull().default(''),
    sentAt: stamp('sent_at'),
    /** 'sent' | 'failed' */
    status: text('status').notNull(),
    error: text('error').notNull().default(''),
  },
  (t) => [index('inquiry_replies_inquiry_idx').on(t.inquiryId, t.id)],
);
