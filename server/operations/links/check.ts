import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { friendLinkChecks, friendLinks, sites } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { registerJob } from '../../jobs/runner';
import { fetchRemote, RemoteFetchError } from '../../services/remoteFetch';
import { iso } from '../../db/listing';
import { findBacklink, siteHost } from './backlink';
import { LINK_CHECK_MAX_BYTES, LINK_CHECK_TIMEOUT_MS, type CheckStatus, type LinkCheck, type LinkCheckResult } from '../../../models/friendLink';

// The back-link checker: a job that fetches each partner page through the SSRF-safe client and records
// what it found. A "missing" check extends the link's run of misses; a check that sees our link ends it;
// a failed fetch says nothing about the link and leaves the run as it was.

export const LINK_CHECK_JOB = 'linkCheck';
export interface LinkCheckPayload {
  siteId: number;
  ids: number[];
}

interface CheckerOptions {
  timeoutMs: number;
  isForbidden?: (address: string) => boolean;
}
const checkers = new WeakMap<Db, CheckerOptions>();

/** Called once per app: the job reads the app's settings through its database. */
export function attachLinkChecker(app: FastifyInstance) {
  const { config } = app.ctx;
  // Only the tests' explicit setting lets a check reach a loopback partner site; never the default.
  checkers.set(app.ctx.db, { timeoutMs: config.linkCheckTimeoutMs ?? LINK_CHECK_TIMEOUT_MS, isForbidden: config.allowPrivateFetchForTests ? () => false : undefined });
}

async function checkOne(db: Db, opts: CheckerOptions, link: typeof friendLinks.$inferSelect, site: { name: string; domain: string }): Promise<CheckStatus> {
  let status: CheckStatus;
  let detail: string;
  const host = siteHost(site.domain);
  if (!host) {
    status = 'fetch_error';
    detail = 'no_site_domain';
  } else {
    try {
      const page = await fetchRemote(link.url, {
        timeoutMs: opts.timeoutMs,
        maxBytes: LINK_CHECK_MAX_BYTES,
        isForbidden: opts.isForbidden,
        accept: 'text/html,application/xhtml+xml',
        userAgent: 'Banyan-LinkChecker/1.0',
      });
      const verdict = findBacklink(page.bytes.toString('utf8'), page.url, host, link.anchor || site.name);
      status = verdict.status;
      detail = verdict.anchor;
    } catch (err) {
      if (!(err instanceof RemoteFetchError)) throw err;
      status = 'fetch_error';
      detail = err.message.slice(0, 200);
    }
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(friendLinkChecks).values({ linkId: link.id, status, detail, checkedAt: now });
    const streak = status === 'missing' ? sql`${friendLinks.missingStreak} + 1` : status === 'fetch_error' ? friendLinks.missingStreak : 0;
    await tx.update(friendLinks).set({ lastCheck: status, lastCheckedAt: now, missingStreak: streak }).where(eq(friendLinks.id, link.id));
  });
  return status;
}

registerJob(LINK_CHECK_JOB, async (ctx) => {
  const { siteId, ids } = ctx.payload as unknown as LinkCheckPayload;
  const opts = checkers.get(ctx.db) ?? { timeoutMs: LINK_CHECK_TIMEOUT_MS };
  const [site] = await ctx.db.select({ name: sites.name, domain: sites.domain }).from(sites).where(eq(sites.id, siteId));
  const links = await ctx.db
    .select()
    .from(friendLinks)
    .where(and(inArray(friendLinks.id, ids), eq(friendLinks.siteId, siteId), isNull(friendLinks.deletedAt)));
  const result: LinkCheckResult = { checked: 0 };
  await ctx.progress(0, links.length);
  for (const link of links) {
    if (ctx.cancelled()) break;
    const status = await checkOne(ctx.db, opts, link, site ?? { name: '', domain: '' });
    result.checked++;
    result[status] = (result[status] ?? 0) + 1;
    await ctx.progress(result.checked, links.length);
  }
  return result;
});

/** The latest check records of one link, newest first. */
export async function checksOf(db: Db, linkId: number, limit: number): Promise<LinkCheck[]> {
  const rows = await db.select().from(friendLinkChecks).where(eq(friendLinkChecks.linkId, linkId)).orderBy(desc(friendLinkChecks.id)).limit(limit);
  return rows.map((r) => ({ id: r.id, link_id: r.linkId, status: r.status as CheckStatus, detail: r.detail, checked_at: iso(r.checkedAt)! }));
}
