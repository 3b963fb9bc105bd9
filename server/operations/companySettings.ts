import { eq, isNull } from 'drizzle-orm';
import { settings, sites } from '../db/schema/index';
import type { Db, Executor } from '../db/client';
import { CompanySettings } from '../../models/companySettings';
import { siteWideRowsChanged } from './staticGen/job';

// The 'company' group of the system settings (name, phone, e-mail, address): one JSON value for the whole
// installation, shown by themes as `company`. Every site's pages may show it, so a change queues the
// whole-site static run of each site that has static output (as ad and friendly-link changes do).

export const COMPANY_KEY = 'company';

export async function getCompanySettings(db: Executor): Promise<CompanySettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, COMPANY_KEY));
  const parsed = CompanySettings.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : CompanySettings.parse({});
}

export async function saveCompanySettings(db: Db, value: CompanySettings): Promise<void> {
  const before = await getCompanySettings(db);
  await db
    .insert(settings)
    .values({ key: COMPANY_KEY, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  if (JSON.stringify(before) === JSON.stringify(value)) return;
  const live = await db.select({ id: sites.id }).from(sites).where(isNull(sites.deletedAt));
  await siteWideRowsChanged(db, live.map((s) => s.id));
}
