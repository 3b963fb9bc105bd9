import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, updated } from './columns';
import { sites } from './core';

// Forms and questionnaires (/Form/index) and what the public site collects through them (/form/detail).
// submission_count is kept on the form so the list never counts submissions.

export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    /** Unique per site: /form/<code>/ and {% form 'code' %}. */
    code: text('code').notNull(),
    /** 'form' | 'questionnaire' */
    type: text('type').notNull().default('form'),
    /** 'published' | 'unpublished' */
    status: text('status').notNull().default('unpublished'),
    description: text('description').notNull().default(''),
    createsInquiry: boolean('creates_inquiry').notNull().default(false),
    /** { rules, options } (models/formRules.ts FormDesign) */
    design: jsonb('design').notNull(),
    submissionCount: integer('submission_count').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('forms_site_code_idx').on(t.siteId, t.code), index('forms_site_id_idx').on(t.siteId, t.id)],
);

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    values: jsonb('values').notNull(),
    ip: text('ip').notNull().default(''),
    region: text('region').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    page: text('page').notNull().default(''),
    inquiryId: integer('inquiry_id'),
    createdAt: created(),
  },
  (t) => [index('form_submissions_form_idx').on(t.formId, t.id), index('form_submissions_form_created_idx').on(t.formId, t.createdAt)],
);
