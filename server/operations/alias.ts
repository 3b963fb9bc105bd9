import { and, eq, isNull, ne } from 'drizzle-orm';
import { categories } from '../db/schema/index';
import type { Executor } from '../db/client';
import { conflict } from '../http/errors';
import { loadSiteSettings } from './websiteSettings';
import { makeAlias } from '../../models/alias';

// Column aliases within a site: an empty alias is made from the title by the site's alias rule,
// a typed one must be free (409 otherwise).

/** Aliases live columns of a site already use (optionally leaving one column out). */
export async function takenAliases(db: Executor, siteId: number, exceptId?: number): Promise<Set<string>> {
  const rows = await db
    .select({ alias: categories.alias })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), isNull(categories.deletedAt), exceptId ? ne(categories.id, exceptId) : undefined));
  return new Set(rows.map((r) => r.alias));
}

/** The alias a column saved with this title and (possibly empty) alias gets in its site. */
export async function columnAlias(db: Executor, siteId: number, title: string, alias: string, exceptId?: number): Promise<string> {
  const taken = await takenAliases(db, siteId, exceptId);
  if (alias) {
    if (taken.has(alias)) throw conflict('category.aliasTaken');
    return alias;
  }
  const { settings } = await loadSiteSettings(db, siteId);
  return makeAlias(title, settings.alias_rule, taken);
}
