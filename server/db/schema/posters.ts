import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, softDelete, ts, updated } from './columns';
import { attachments } from './files';
import { sites } from './core';
import type { PosterElement } from '../../../models/poster';

// Posters (/poster/index, issue 11): a site's poster materials, their element layout, and the last image
// rendered from them (an attachment).

export const posters = pgTable(
  'posters',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** png, jpg or webp */
    format: text('format').notNull().default('png'),
    quality: integer('quality').notNull().default(90),
    /** 'image' (the material file) or 'color' */
    backgroundType: text('background_type').notNull().default('image'),
    backgroundImage: text('background_image').notNull().default(''),
    backgroundColor: text('background_color').notNull().default('#ffffff'),
    /** The layout, bottom to top. */
    elements: jsonb('elements').$type<PosterElement[]>().notNull().default([]),
    imageAttachmentId: integer('image_attachment_id').references(() => attachments.id, { onDelete: 'set null' }),
    imageUrl: text('image_url').notNull().default(''),
    renderedAt: ts('rendered_at'),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [index('posters_site_idx').on(t.siteId, t.id)],
);
