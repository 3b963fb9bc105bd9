import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { admins, sites } from './core';

// The theme editor's history (issue 17): the text a save or restore replaced, one row per version, in the database
// every server shares (the theme files themselves live in the shared folder). At most THEME_EDIT_LIMITS.versions
// per file (server/operations/themes/history.ts).

export const themeFileVersions = pgTable(
  'theme_file_versions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The installed theme's folder. */
    folder: text('folder').notNull(),
    /** The file's path inside the theme ("templates/index.liquid"). */
    path: text('path').notNull(),
    /** The save time (UTC, to the millisecond) plus a counter for saves in the same millisecond (models/themeFiles.ts VERSION_ID). */
    version: text('version').notNull(),
    content: text('content').notNull(),
    /** Bytes of the text (UTF-8). */
    size: integer('size').notNull(),
    /** Who replaced this text (null for versions imported from the former on-disk history, or a removed admin). */
    authorId: integer('author_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The version's save time (the same instant as its id). */
    createdAt: stamp('created_at'),
  },
  (t) => [
    uniqueIndex('theme_file_versions_file_version_idx').on(t.siteId, t.folder, t.path, t.version),
    // A file's versions newest first (the list, and the pruning beyond the limit).
    index('theme_file_versions_file_order_idx').on(t.siteId, t.folder, t.path, t.createdAt, t.id),
  ],
);
