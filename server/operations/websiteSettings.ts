import { and, eq, isNull } from 'drizzle-orm';
import { sites } from '../db/schema/index';
import type { Executor } from '../db/client';
import { notFound } from '../http/errors';
import { WebsiteSettings } from '../../models/website';

type Key = keyof WebsiteSettings;
const shape = WebsiteSettings.shape;

/**
 * A site's settings with every default filled. Each stored value is read on its own, so one value
 * that no longer fits the schema (an older release wrote it) falls back to its default alone.
 */
export function settingsOf(stored: Record<string, unknown> | null | undefined): WebsiteSettings {
  // Parsed once per stored object (a site row read again brings a new object, so a change is never missed);
  // each caller gets its own shallow copy.
  const known = stored ? parsedSettings.get(stored) : undefined;
  if (known) return { ...known };
  const parsed = parseSettings(stored);
  if (stored) parsedSettings.set(stored, parsed);
  return { ...parsed };
}

/** Settings parsed by settingsOf, by the stored object they came from. */
const parsedSettings = new WeakMap<object, WebsiteSettings>();

function parseSettings(stored: Record<string, unknown> | null | undefined): WebsiteSettings {
  const raw = stored ?? {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as Key[]) {
    const parsed = shape[key].safeParse(raw[key]);
    out[key] = parsed.success ? parsed.data : shape[key].parse(undefined);
  }
  return out as WebsiteSettings;
}

/** A live site's row and its settings (404 when it does not exist or is in the recycle bin). */
export async function loadSiteSettings(db: Executor, siteId: number) {
  const [site] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), isNull(sites.deletedAt)));
  if (!site) throw notFound();
  return { site, settings: settingsOf(site.settings) };
}
