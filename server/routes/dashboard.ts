import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gte, isNull } from 'drizzle-orm';
import { addRoute, hasPermission } from '../http/route';
import { siteScope } from '../operations/sites';
import { admins, contents, loginLogs, roles, sites } from '../db/schema/index';
import { getSettings } from '../operations/settings';
import { iso } from '../db/listing';
import { installVisitRecorder } from '../operations/visits/record';
import { visitStats } from '../operations/visits/stats';
import { countInquiries } from '../operations/inquiries';
import { countKeywords } from '../operations/keywords/access';
import { linkCounts } from '../operations/links/counts';
import { PRODUCT_VERSION } from '../../models/constants';
import type { DashboardData } from '../../models/dashboard';

// The dashboard (control panel). Also installs the visit recorder, whose batches the dashboard reads.
export default async function dashboardRoutes(app: FastifyInstance) {
  installVisitRecorder(app);

  addRoute(app, {
    method: 'GET',
    url: '/dashboard/index',
    permission: 'authenticated',
    handler: async ({ auth }) => {
      const db = app.ctx.db;
      const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0]?.n ?? 0);
      const { 'system.installed_at': installedAt } = await getSettings(db, ['system.installed_at']);
      const startOfDay = new Date();
      startOfDay.setHours(0, 0, 0, 0);
      const recent = await db
        .select()
        .from(loginLogs)
        .where(and(eq(loginLogs.adminId, auth.adminId), eq(loginLogs.success, true)))
        .orderBy(desc(loginLogs.id))
        .limit(5);
      // Figures about other admins are shown only to those who may see those screens.
      const may = (key: string) => hasPermission(auth, key);
      const visits = await visitStats(db, auth);
      const data: DashboardData = {
        running_days: Math.max(1, Math.ceil((Date.now() - new Date(installedAt).getTime()) / 86_400_000)),
        sites: await n(db.select({ n: count() }).from(sites).where(and(isNull(sites.deletedAt), siteScope(auth, sites.id)))),
        admins: may('admin') ? await n(db.select({ n: count() }).from(admins)) : undefined,
        roles: may('role') ? await n(db.select({ n: count() }).from(roles)) : undefined,
        logins_today: may('adminLoginLog')
          ? await n(db.select({ n: count() }).from(loginLogs).where(and(eq(loginLogs.success, true), gte(loginLogs.createdAt, startOfDay))))
          : undefined,
        visitors: visits.visitors,
        // Live content on the sites this admin manages.
        articles: await n(db.select({ n: count() }).from(contents).where(and(isNull(contents.deletedAt), siteScope(auth, contents.siteId as never)))),
        // Live inquiries (the public contact form) on the sites this admin manages.
        inquiries: await countInquiries(db, auth),
        // Site keywords on the sites this admin manages.
        keywords: await countKeywords(db, auth),
        // Friendly links (models/friendLink.ts): imported = partners linking back at the last check, exported = links our pages show.
        ...(await linkCounts(db, auth).then((c) => ({ imported_links: c.imported, exported_links: c.exported }))),
        version: PRODUCT_VERSION,
        authorization: 'community',
        database: app.ctx.database.kind,
        recent_logins: recent.map((r) => ({ ip: r.ip, location: r.location, device: r.device, created_at: iso(r.createdAt)! })),
        traffic: visits.traffic,
        trend: visits.trend,
        regions: visits.regions,
      };
      return { data };
    },
  });
}
