import { and, eq, inArray } from 'drizzle-orm';
import { adminSites, admins, auditFlows, roles, sites } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { forbidden } from '../../http/errors';
import { hasPermission } from '../../http/route';
import { manageableCategory } from '../content/access';
import { fieldError } from '../content/fieldError';
import type { AuditFlow, AuditFlowSave, AuditStep } from '../../../models/audit';
import type { Language } from '../../../models/language';

// Audit flows: each site has one (category_id 0, none = no steps), and a column may override it with its
// own (possibly empty) list of steps. The flow in force for content is its column's override or the site's.

/** Who may read flows: the reviewers' screens, the content editor (to know whether content needs review) and the settings screens. */
const READERS = ['contentCheck', 'content', 'websiteSetting', 'category'];

export function requireFlowReader(auth: AuthContext) {
  if (!READERS.some((key) => hasPermission(auth, key))) throw forbidden();
}

/** The site's flow is a website setting; a column's override is part of the column's settings. */
export function requireFlowWriter(auth: AuthContext, categoryId: number) {
  if (!hasPermission(auth, categoryId === 0 ? 'websiteSetting' : 'category')) throw forbidden();
}

/** The flows stored for these sites, by `${siteId}:${categoryId}`. */
export async function storedFlows(db: Executor, siteIds: number[]): Promise<Map<string, AuditStep[]>> {
  const out = new Map<string, AuditStep[]>();
  if (!siteIds.length) return out;
  const rows = await db.select().from(auditFlows).where(inArray(auditFlows.siteId, [...new Set(siteIds)]));
  for (const r of rows) out.set(`${r.siteId}:${r.categoryId}`, r.steps);
  return out;
}

/** The steps in force for a column: its own override, else its site's (none: publish directly). */
export function stepsInForce(flows: Map<string, AuditStep[]>, siteId: number, categoryId: number): AuditStep[] {
  return flows.get(`${siteId}:${categoryId}`) ?? flows.get(`${siteId}:0`) ?? [];
}

export async function flowInForce(db: Executor, siteId: number, categoryId: number): Promise<AuditStep[]> {
  return stepsInForce(await storedFlows(db, [siteId]), siteId, categoryId);
}

/** GET /auditFlow/read: the site's flow (category 0) or what is in force for a column of a site the caller manages. */
export async function readFlow(db: Executor, auth: AuthContext, siteId: number, categoryId: number): Promise<AuditFlow> {
  const site = categoryId === 0 ? siteId : (await manageableCategory(db, auth, categoryId)).siteId;
  const flows = await storedFlows(db, [site]);
  const own = flows.get(`${site}:${categoryId}`);
  return { category_id: categoryId, steps: own ?? flows.get(`${site}:0`) ?? [], inherited: categoryId !== 0 && own === undefined };
}

/** 400 naming the step whose reviewer is not an existing admin who may manage the site. */
async function checkReviewers(db: Executor, lang: Language, siteId: number, steps: AuditStep[]) {
  const ids = [...new Set(steps.flatMap((s) => s.reviewers))];
  if (!ids.length) return;
  const found = await db
    .select({ id: admins.id, isSuper: roles.isSuper })
    .from(admins)
    .innerJoin(roles, eq(roles.id, admins.roleId))
    .where(inArray(admins.id, ids));
  const ofSite = await db
    .select({ id: adminSites.adminId })
    .from(adminSites)
    .where(and(eq(adminSites.siteId, siteId), inArray(adminSites.adminId, ids)));
  const allowed = new Set([...found.filter((a) => a.isSuper).map((a) => a.id), ...ofSite.map((a) => a.id).filter((id) => found.some((a) => a.id === id))]);
  steps.forEach((step, i) => {
    const j = step.reviewers.findIndex((id) => !allowed.has(id));
    if (j >= 0) throw fieldError(lang, `steps.${i}.reviewers.${j}`, 'audit.reviewerUnknown');
  });
}

/** POST /auditFlow/save: sets the site's flow or a column's override (steps null: the column inherits the site's). */
export async function saveFlow(db: Executor, auth: AuthContext, lang: Language, siteId: number, body: AuditFlowSave): Promise<{ flow: AuditFlow; name: string }> {
  let site = siteId;
  let name: string;
  if (body.category_id !== 0) {
    const column = await manageableCategory(db, auth, body.category_id, { field: 'category_id', lang });
    site = column.siteId;
    name = column.title;
  } else {
    const [row] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
    name = row?.name ?? '';
  }
  if (body.steps) await checkReviewers(db, lang, site, body.steps);
  const scope = and(eq(auditFlows.siteId, site), eq(auditFlows.categoryId, body.category_id));
  if (body.steps === null) {
    await db.delete(auditFlows).where(scope);
  } else {
    await db
      .insert(auditFlows)
      .values({ siteId: site, categoryId: body.category_id, steps: body.steps })
      .onConflictDoUpdate({ target: [auditFlows.siteId, auditFlows.categoryId], set: { steps: body.steps, updatedAt: new Date() } });
  }
  return { flow: await readFlow(db, auth, site, body.category_id), name };
}
