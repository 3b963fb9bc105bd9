import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { categories, contents } from '../../db/schema/index';
import type { Executor, Tx } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { fieldError } from './fieldError';
import type { Language } from '../../../models/language';
import { canManageSite } from '../sites';
import { registerRecycleType } from '../recycle';
import { requireLiveParents } from '../recycleBin';

// Which content and columns a call may touch: a record of a site the admin does not manage answers 403,
// a missing one 404 (or 400 naming the field when it came in a body).

export type CategoryRow = typeof categories.$inferSelect;
export type ContentRow = typeof contents.$inferSelect;

/** A live column the admin may manage; when it came in a body, a missing one is a 400 naming `field`. */
export async function manageableCategory(db: Executor, auth: AuthContext, id: number, inBody?: { field: string; lang: Language }): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(and(eq(categories.id, id), isNull(categories.deletedAt)));
  if (!row) throw inBody ? fieldError(inBody.lang, inBody.field, 'content.categoryUnknown') : notFound();
  if (!canManageSite(auth, row.siteId)) throw forbidden('error.siteForbidden');
  return row;
}

/**
 * Content rows by id, every one in a site the admin manages: live ones by default, those in the
 * recycle bin with `deleted`. Any id missing answers 404.
 */
export async function manageableContents(db: Executor, auth: AuthContext, ids: number[], opts: { deleted?: boolean } = {}): Promise<ContentRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(contents)
    .where(and(inArray(contents.id, unique), opts.deleted ? isNotNull(contents.deletedAt) : isNull(contents.deletedAt)));
  for (const r of rows) if (!canManageSite(auth, r.siteId)) throw forbidden('error.siteForbidden');
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

export async function manageableContent(db: Executor, auth: AuthContext, id: number): Promise<ContentRow> {
  return (await manageableContents(db, auth, [id]))[0]!;
}

/** Content back from the recycle bin needs a live column (409 otherwise): run after the rows are live again. */
export async function requireLiveColumns(tx: Tx, contentIds: number[]) {
  await requireLiveParents(
    tx,
    { table: contents, id: contents.id, title: contents.title, parentColumn: contents.categoryId },
    contentIds,
    { table: categories, id: categories.id, title: categories.title, deletedAt: categories.deletedAt },
  );
}

// Deleted content goes to the recycle bin like every soft-deletable type.
registerRecycleType({
  type: 'content',
  table: contents,
  id: contents.id,
  title: contents.title,
  siteId: contents.siteId,
  deletedAt: contents.deletedAt,
  deletedBy: contents.deletedBy,
  afterRestore: requireLiveColumns,
});
