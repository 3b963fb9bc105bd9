import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { created, softDelete } from './columns';
import { sites } from './core';

// Inquiries from the public sites' contact form (issue 6), custom forms and the pulled mailbox (issue 12), read,
// handled (category, status, assignee, notes), answered by e-mail and deleted on /Inquiry/index.

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Inquiry category (/InquiryCate/index, inquiry_categories.id); null until categorised. */
    cateId: integer('cate_id'),
    /** Where it came from: 'contact' (the contact page), 'form' (a custom form), 'email' (the pulled mailbox). */
    source: text('source').notNull().default('contact'),
    /** The source's own record (the form's submission, the pulled message), when there is one. */
    sourceId: integer('source_id'),
    /** The admin handling it (admins.id), or null. */
    assigneeId: integer('assignee_id'),
    /** The handlers' own notes. */
    notes: text('notes').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    company: text('company').notNull().default(''),
    content: text('content').notNull(),
    /** The public URL the form was sent from. */
    page: text('page').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** Province from the offline IP database; '' when unknown. */
    region: text('region').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** 0 new, 1 in progress, 2 done, 3 spam (the old 0 unread, 1 read, 2 handled keep their numbers) */
    status: integer('status').notNull().default(0),
    createdAt: created(),
    /** Deleted inquiries wait in the recycle bin. */
    ...softDelete(),
  },
  (t) => [
    index('inquiries_site_idx').on(t.siteId, t.createdAt),
    index('inquiries_site_id_idx').on(t.siteId, t.id),
    // The admin list (newest id first) filtered by status, e.g. the new ones.
    index('inquiries_site_status_idx').on(t.siteId, t.status, t.id).where(sql`deleted_at is null`),
  ],
);
