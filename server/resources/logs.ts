import { and, count, desc, eq, ilike } from 'drizzle-orm';
import { loginLogs, optLogs } from '../db/schema/index';
import { defineServerResource } from './register';
import { notFound } from '../http/errors';
import { dateRange, iso, likeText, offsetOf } from '../db/listing';
import { loginLogResource, optLogResource } from '../../models/resources';
import type { LoginLog, OptLog } from '../../models/logs';
import type { Language } from '../../models/language';
import { localizeLocation } from '../services/regionNames';

const toLoginLog = (r: typeof loginLogs.$inferSelect, lang: Language): LoginLog => ({
  id: r.id,
  admin_id: r.adminId,
  name: r.name,
  device: r.device,
  location: localizeLocation(r.location, lang),
  ip: r.ip,
  success: r.success,
  reason: r.reason,
  created_at: iso(r.createdAt)!,
});

const toOptLog = (r: typeof optLogs.$inferSelect): OptLog => ({
  id: r.id,
  admin_id: r.adminId,
  admin_name: r.adminName,
  operation: r.operation,
  content: r.content,
  content_name: r.contentName,
  content_type: r.contentType,
  ip: r.ip,
  created_at: iso(r.createdAt)!,
});

export const loginLogServerResource = defineServerResource({
  def: loginLogResource,
  async list(ctx, q) {
    const { app } = ctx;
    const where = and(
      q.name ? ilike(loginLogs.name, likeText(q.name)) : undefined,
      q.ip ? ilike(loginLogs.ip, likeText(q.ip)) : undefined,
      q.success === undefined ? undefined : eq(loginLogs.success, q.success === 1),
      dateRange(loginLogs.createdAt, q.start, q.end),
    );
    const [total] = await app.ctx.db.select({ n: count() }).from(loginLogs).where(where);
    const rows = await app.ctx.db
      .select()
      .from(loginLogs)
      .where(where)
      .orderBy(desc(loginLogs.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit));
    return { rows: rows.map((r) => toLoginLog(r, ctx.req.lang)), count: Number(total?.n ?? 0) };
  },
  async read({ app, req }, id) {
    const [row] = await app.ctx.db.select().from(loginLogs).where(eq(loginLogs.id, id));
    if (!row) throw notFound();
    return toLoginLog(row, req.lang);
  },
});

export const optLogServerResource = defineServerResource({
  def: optLogResource,
  async list({ app }, q) {
    const where = and(
      q.admin_name ? ilike(optLogs.adminName, likeText(q.admin_name)) : undefined,
      q.operation ? ilike(optLogs.operation, likeText(q.operation)) : undefined,
      q.content_type ? eq(optLogs.contentType, q.content_type) : undefined,
      dateRange(optLogs.createdAt, q.start, q.end),
    );
    const [total] = await app.ctx.db.select({ n: count() }).from(optLogs).where(where);
    const rows = await app.ctx.db
      .select()
      .from(optLogs)
      .where(where)
      .orderBy(desc(optLogs.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit));
    return { rows: rows.map(toOptLog), count: Number(total?.n ?? 0) };
  },
  async read({ app }, id) {
    const [row] = await app.ctx.db.select().from(optLogs).where(eq(optLogs.id, id));
    if (!row) throw notFound();
    return toOptLog(row);
  },
});
