import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, keywordRanks, rankSettings, siteKeywords } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { claimScheduleSlot, registerJob, schedulePeriod, type JobContext } from '../../jobs/runner';
import { translate } from '../../i18n/messages';
import { HttpRankProvider, RankProviderError, type RankProvider } from '../../services/rankProvider';
import { providerConfig, readRankSettings, siteDomain, type RankSettingsRow } from './rankSettings';
import { KEYWORD_ACTIVE, RANK_SCHEDULER_TICK_MS, type RankJobResult } from '../../../models/keyword';
import type { Language } from '../../../models/language';

// The rank monitor: a job asks the site's provider about each ACTIVE keyword (paused ones are never
// sent), records every answer in the keyword's history and copies the latest onto the keyword. A
// scheduler tick enqueues the job for every site whose interval has passed; "check now" enqueues it too.

export const RANK_CHECK_JOB = 'keywordRank';

export interface RankJobPayload {
  siteId: number;
  language: Language;
  /** Only these keywords (still only the active ones); all active keywords when absent. */
  keywordIds?: number[];
}

export type ProviderFactory = (settings: RankSettingsRow) => RankProvider;

async function checkSite(ctx: JobContext, makeProvider: ProviderFactory): Promise<RankJobResult> {
  const { siteId, language = 'zh', keywordIds } = ctx.payload as unknown as RankJobPayload;
  const settings = await readRankSettings(ctx.db, siteId);
  if (!settings?.urlTemplate) throw new Error(translate(language, 'keyword.rankNotConfigured'));
  const domain = await siteDomain(ctx.db, siteId);
  if (!domain) throw new Error(translate(language, 'keyword.noDomain'));
  await ctx.db.update(rankSettings).set({ lastRunAt: new Date() }).where(eq(rankSettings.siteId, siteId));
  const provider = makeProvider(settings);
  const targets = await ctx.db
    .select({ id: siteKeywords.id })
    .from(siteKeywords)
    .where(and(eq(siteKeywords.siteId, siteId), eq(siteKeywords.status, KEYWORD_ACTIVE), keywordIds?.length ? inArray(siteKeywords.id, keywordIds) : undefined))
    .orderBy(siteKeywords.id);
  const result: RankJobResult = { checked: 0, found: 0, not_found: 0, errors: 0 };
  await ctx.progress(0, targets.length);
  for (const [i, { id }] of targets.entries()) {
    if (ctx.cancelled()) break;
    // Read again: a keyword paused while the job runs is not asked about.
    const [k] = await ctx.db.select().from(siteKeywords).where(and(eq(siteKeywords.id, id), eq(siteKeywords.status, KEYWORD_ACTIVE)));
    if (k) {
      try {
        const answer = await provider.check({ engine: settings.engine, keyword: k.name, domain });
        const checkedAt = new Date();
        await ctx.db.insert(keywordRanks).values({ keywordId: k.id, engine: settings.engine, position: answer.position, url: answer.url, indexed: answer.indexed, checkedAt });
        await ctx.db
          .update(siteKeywords)
          .set({ position: answer.position, resultUrl: answer.url, indexed: answer.indexed, checkedAt })
          .where(eq(siteKeywords.id, k.id));
        result.checked++;
        if (answer.position === null) result.not_found++;
        else result.found++;
      } catch (err) {
        if (!(err instanceof RankProviderError)) throw err;
        // A failed check is history too (a gap in the trend), and the next keyword is still asked.
        await ctx.db.insert(keywordRanks).values({ keywordId: k.id, engine: settings.engine, error: translate(language, err.key, err.params) });
        result.errors++;
      }
    }
    await ctx.progress(i + 1, targets.length);
  }
  return result;
}

/** Enqueues the rank check of every site whose schedule is due and that has no check queued or running. */
export async function enqueueDueRankChecks(app: FastifyInstance, now = new Date()): Promise<number[]> {
  const db: Executor = app.ctx.db;
  const due = await db
    .select({ siteId: rankSettings.siteId, lastRunAt: rankSettings.lastRunAt, intervalHours: rankSettings.intervalHours })
    .from(rankSettings)
    .where(
      and(
        eq(rankSettings.enabled, true),
        sql`${rankSettings.urlTemplate} <> ''`,
        or(isNull(rankSettings.lastRunAt), lte(rankSettings.lastRunAt, sql`${now.toISOString()}::timestamptz - make_interval(hours => ${rankSettings.intervalHours})`)),
      ),
    );
  const started: number[] = [];
  for (const { siteId, lastRunAt, intervalHours } of due) {
    const [busy] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, RANK_CHECK_JOB), eq(jobs.siteId, siteId), inArray(jobs.status, ['queued', 'running'])));
    if (busy) continue;
    // Issue 17: one server per firing (the run after this last one, in this period) in the cluster.
    const slot = `${siteId}:${lastRunAt?.toISOString() ?? 'never'}@${schedulePeriod(now.getTime(), intervalHours * 3_600_000)}`;
    if (!(await claimScheduleSlot(db, RANK_CHECK_JOB, slot))) continue;
    await db.update(rankSettings).set({ lastRunAt: now }).where(eq(rankSettings.siteId, siteId));
    const payload: RankJobPayload = { siteId, language: 'zh' };
    started.push(await app.ctx.jobs.enqueue(RANK_CHECK_JOB, payload as never, { siteId }));
  }
  return started;
}

/**
 * Registers the rank job with the real HTTP provider (loopback allowed only when the test config says
 * so) and starts the scheduler tick, stopped when the app closes.
 */
export function installRankMonitor(app: FastifyInstance, opts: { tickMs?: number } = {}) {
  const isForbidden = app.ctx.config.allowPrivateFetchForTests ? () => false : undefined;
  registerJob(RANK_CHECK_JOB, (ctx) => checkSite(ctx, (s) => new HttpRankProvider(providerConfig(s), { isForbidden })) as never);
  const timer = setInterval(() => {
    enqueueDueRankChecks(app).catch((err: unknown) => app.log.error({ err }, 'rank scheduler tick failed'));
  }, opts.tickMs ?? RANK_SCHEDULER_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
