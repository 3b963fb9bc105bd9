import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, softDelete, ts, updated } from './columns';
import { sites } from './core';

// Recruitment (/recruit): job postings ("positions": "job" already names background jobs), their categories
// and cities per site, and the resumes sent to them from the public site or added by hand (/resume/save).

/** A site's list of names in their sort order: the positions' categories and their cities have the same shape. */
const siteNameList = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      siteId: integer('site_id')
        .notNull()
        .references(() => sites.id),
      name: text('name').notNull(),
      sort: integer('sort').notNull().default(0),
      createdAt: created(),
      updatedAt: updated(),
    },
    (t) => [index(`${name}_site_sort_idx`).on(t.siteId, t.sort, t.id)],
  );

export const positionCates = siteNameList('position_cates');
export const positionCities = siteNameList('position_cities');

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    cateId: integer('cate_id').notNull(),
    cityId: integer('city_id').notNull(),
    headcount: integer('headcount').notNull().default(1),
    /** Monthly salary range; both 0 = negotiable. */
    salaryMin: integer('salary_min').notNull().default(0),
    salaryMax: integer('salary_max').notNull().default(0),
    education: text('education').notNull().default(''),
    experience: text('experience').notNull().default(''),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /** 1 open, 2 closed. */
    status: integer('status').notNull().default(1),
    /** yyyy-mm-dd, or '' for none. */
    deadline: text('deadline').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [
    index('positions_site_sort_idx').on(t.siteId, t.sort, t.id),
    index('positions_cate_idx').on(t.cateId),
    index('positions_city_idx').on(t.cityId),
  ],
);

export const resumes = pgTable(
  'resumes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    positionId: integer('position_id').notNull(),
    /** The position's title when the resume arrived (kept if the position is renamed or deleted). */
    positionTitle: text('position_title').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    message: text('message').notNull().default(''),
    /** The attached file (an attachment of the site): its name and URL; '' without one. */
    fileName: text('file_name').notNull().default(''),
    fileUrl: text('file_url').notNull().default(''),
    attachmentId: integer('attachment_id'),
    /** 0 new, 1 viewed, 2 interview, 3 hired, 4 rejected. */
    status: integer('status').notNull().default(0),
    notes: text('notes').notNull().default(''),
    /** 'site' (public apply form) or 'admin' (/resume/save). */
    source: text('source').notNull().default('site'),
    ip: text('ip').notNull().default(''),
    deliveredAt: ts('delivered_at').notNull().defaultNow(),
    createdAt: created(),
    ...softDelete(),
  },
  (t) => [index('resumes_site_idx').on(t.siteId, t.id), index('resumes_position_idx').on(t.positionId)],
);
