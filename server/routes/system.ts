import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gte, isNull } from 'drizzle-orm';
import { addRoute, hasPermission } from '../http/route';
import { siteScope } from '../operations/sites';
import { admins, loginLogs, roles, sites } from '../db/schema/index';
import { getSettings } from '../operations/settings';
import { iso } from '../db/listing';
import { PRODUCT_TITLE, PRODUCT_VERSION } from '../../models/constants';
import type { DashboardData } from '../../models/dashboard';

export default async function systemRoutes(app: FastifyInstance) {
  addRoute(app, {
    method: 'GET',
    url: '/system/info',
    permission: 'authenticated',
    handler: async () => {
      const s = await getSettings(app.ctx.db, ['site.copyright', 'site.filing_number']);
      return {
        data: {
          product: PRODUCT_TITLE,
          version: PRODUCT_VERSION,
          copyright: s['site.copyright'],
          filing_number: s['site.filing_number'],
          database: app.ctx.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
        },
      };
    },
  });

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
      const data: DashboardData = {
        running_days: Math.max(1, Math.ceil((Date.now() - new Date(installedAt).getTime()) / 86_400_000)),
        sites: await n(db.select({ n: count() }).from(sites).where(and(isNull(sites.deletedAt), siteScope(auth, sites.id)))),
        admins: may('admin') ? await n(db.select({ n: count() }).from(admins)) : undefined,
        roles: may('role') ? await n(db.select({ n: count() }).from(roles)) : undefined,
        logins_today: may('adminLoginLog')
          ? await n(db.select({ n: count() }).from(loginLogs).where(and(eq(loginLogs.success, true), gte(loginLogs.createdAt, startOfDay))))
          : undefined,
        // Filled in by the modules that own them (content, keywords, inquiries, links, visits).
        visitors: null,
        articles: null,
        keywords: null,
        inquiries: null,
        imported_links: null,
        exported_links: null,
        version: PRODUCT_VERSION,
        authorization: 'community',
        database: app.ctx.database.kind,
        recent_logins: recent.map((r) => ({ ip: r.ip, location: r.location, device: r.device, created_at: iso(r.createdAt)! })),
      };
      return { data };
    },
  });
}
