import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, softDelete } from './columns';
import { sites } from './core';

// Inquiries sent from the public sites' contact form (issue 6), read, marked and deleted on /Inquiry/index
// (issue 18); /InquiryCate/index and /InquiryEmail/index grow from this table later.

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Inquiry category (a later issue's /InquiryCate/index); null until categorised. */
    cateId: integer('cate_id'),
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
    /** 0 unread, 1 read, 2 handled */
    status: integer('status').notNull().default(0),
    createdAt: created(),
    /** Deleted inquiries wait in the recycle bin. */
    ...softDelete(),
  },
  (t) => [index('inquiries_site_idx').on(t.siteId, t.createdAt), index('inquiries_site_id_idx').on(t.siteId, t.id)],
);
