import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inquiryMailboxState, jobs, sites } from '../../db/schema/index';
import type { Db, Executor } from '../../db/client';
import { claimScheduleSlot, registerJob, schedulePeriod, type JobContext } from '../../jobs/runner';
import { badRequest } from '../../http/errors';
import { translate, type MessageKey } from '../../i18n/messages';
import { mailboxFailure, openImapMailbox, type MailboxOpener, type MailboxSession } from '../../services/mailbox';
import { getUploadSettings } from '../systemSettings';
import { imapConfigured, imapConnection, mailboxAccount, readMailSettings } from './settings';
import { storeMessage } from './store';
import { MAIL_PULL_JOB, MAIL_PULL_MAX_MESSAGES, MAIL_PULL_TICK_MS, type MailPullResult } from '../../../models/inquiryEmail';
import type { MailSettings } from '../../../models/mailSettings';
import type { Language } from '../../../models/language';

// A pull of the receiving mailbox is a background job: it opens the folder, takes in the messages newer than
// the cursor (UIDVALIDITY + last UID, kept per account and folder), one inquiry each, and records how it went.
// "Pull now" (POST /inquiryEmail/pull) enqueues it; so does the scheduler tick when the interval has passed.

export interface MailPullPayload {
  language: Language;
  /** Set by the scheduler: the time its interval counts from. */
  scheduledAt?: string;
}

export type MailboxStateRow = typeof inquiryMailboxState.$inferSelect;

/** A failure kept on the state row: the message key and its detail, translated when it is shown. */
export interface StoredFailure {
  key: MessageKey;
  detail: string;
}

export function failureText(lang: Language, stored: string): string {
  if (!stored) return '';
  try {
    const f = JSON.parse(stored) as StoredFailure;
    return translate(lang, f.key, { detail: f.detail });
  } catch {
    return stored;
  }
}

export async function readMailboxState(db: Executor, account: string): Promise<MailboxStateRow | undefined> {
  const [row] = await db.select().from(inquiryMailboxState).where(eq(inquiryMailboxState.account, account));
  return row;
}

async function writeState(db: Executor, account: string, values: Partial<Omit<MailboxStateRow, 'account'>>) {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(inquiryMailboxState)
    .values({ account, ...set })
    .onConflictDoUpdate({ target: inquiryMailboxState.account, set });
}

/** The site pulled messages belong to: the chosen one, else the first top-level site. */
export async function pullSiteId(db: Executor, s: MailSettings): Promise<number | null> {
  if (s.imap_site_id > 0) {
    const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, s.imap_site_id));
    return row?.id ?? null;
  }
  const [first] = await db.select({ id: sites.id }).from(sites).orderBy(asc(sites.parentId), asc(sites.id)).limit(1);
  return first?.id ?? null;
}

/** The pull queued or running now, if any. */
export async function activePull(db: Executor): Promise<{ id: number; createdBy: number | null } | undefined> {
  const [row] = await db
    .select({ id: jobs.id, createdBy: jobs.createdBy })
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_PULL_JOB), inArray(jobs.status, ['queued', 'running'])))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row;
}

class PullFailed extends Error {}

async function pull(app: FastifyInstance, ctx: JobContext, opener: MailboxOpener, allowUntrusted: boolean): Promise<MailPullResult> {
  const { language = 'zh', scheduledAt } = ctx.payload as unknown as MailPullPayload;
  const db: Db = ctx.db;
  const settings = await readMailSettings(db);
  if (!imapConfigured(settings)) throw new Error(translate(language, 'mailbox.notConfigured'));
  const account = mailboxAccount(settings);
  const fail = async (failure: StoredFailure): Promise<never> => {
    await writeState(db, account, { lastStatus: 'failed', lastError: JSON.stringify(failure), lastResult: null });
    throw new PullFailed(translate(language, failure.key, { detail: failure.detail }));
  };
  const [[job], state] = await Promise.all([db.select({ createdBy: jobs.createdBy }).from(jobs).where(eq(jobs.id, ctx.id)), readMailboxState(db, account)]);
  await writeState(db, account, { lastPullAt: scheduledAt ? new Date(scheduledAt) : new Date(), lastStatus: 'running', lastError: '', lastJobId: ctx.id });
  const siteId = await pullSiteId(db, settings);
  if (!siteId) return fail({ key: 'mailbox.noSite', detail: '' });
  const conn = imapConnection(settings, { allowUntrustedCertificate: allowUntrusted });
  let session: MailboxSession;
  try {
    session = await opener(conn, { uidValidity: state?.uidValidity ?? '', lastUid: state?.lastUid ?? 0 });
  } catch (err) {
    const f = mailboxFailure(err, conn);
    return fail({ key: `mailbox.${f.failure}` as MessageKey, detail: f.detail });
  }
  const result: MailPullResult = { seen: 0, created: 0, duplicates: 0, attachments: 0, refused: 0 };
  try {
    const uids = session.newUids.slice(0, MAIL_PULL_MAX_MESSAGES);
    // A new UIDVALIDITY renumbered the folder: start over (Message-IDs keep what was pulled from coming again).
    await writeState(db, account, { uidValidity: session.uidValidity, ...(session.uidValidity !== state?.uidValidity ? { lastUid: 0 } : {}) });
    const target = { siteId, mailbox: conn.mailbox, adminId: job?.createdBy ?? null, language, uploadSettings: await getUploadSettings(db) };
    await ctx.progress(0, uids.length);
    for (const [i, uid] of uids.entries()) {
      if (ctx.cancelled()) break;
      let message;
      try {
        message = await session.fetch(uid);
      } catch (err) {
        const f = mailboxFailure(err, conn);
        return fail({ key: `mailbox.${f.failure}` as MessageKey, detail: f.detail });
      }
      if (message) {
        result.seen++;
        const outcome = await storeMessage(app, db, message.parsed, { ...target, uid });
        if (outcome.kind === 'duplicate') result.duplicates++;
        else {
          result.created++;
          result.attachments += outcome.attachments;
          result.refused += outcome.refused;
        }
      }
      // The cursor moves with every message, so a pull that stops half-way resumes after the last one taken.
      await writeState(db, account, { lastUid: uid });
      await ctx.progress(i + 1, uids.length);
    }
  } catch (err) {
    if (err instanceof PullFailed) throw err;
    await writeState(db, account, { lastStatus: 'failed', lastError: JSON.stringify({ key: 'mailbox.protocol', detail: (err as Error).message?.slice(0, 300) ?? String(err) }) });
    throw err;
  } finally {
    await session.close().catch(() => undefined);
  }
  await writeState(db, account, { lastStatus: 'done', lastResult: result as unknown as Record<string, unknown>, lastError: '' });
  return result;
}

/** "Pull now": refused with a clear message when no mailbox is set up; answers the job id. */
export async function startPull(app: FastifyInstance, adminId: number, language: Language): Promise<number> {
  const settings = await readMailSettings(app.ctx.db);
  if (!imapConfigured(settings)) throw badRequest('mailbox.notConfigured');
  const payload: MailPullPayload = { language };
  return app.ctx.jobs.enqueue(MAIL_PULL_JOB, payload as never, { createdBy: adminId });
}

/** The scheduler's tick: enqueues a pull when scheduled pulls are on, the interval has passed and none is under way. */
export async function enqueueDuePull(app: FastifyInstance, now = new Date()): Promise<number | null> {
  const db: Executor = app.ctx.db;
  const settings = await readMailSettings(db);
  if (!settings.imap_enabled || !imapConfigured(settings) || settings.imap_interval_minutes <= 0) return null;
  const account = mailboxAccount(settings);
  const state = await readMailboxState(db, account);
  if (state?.lastPullAt && state.lastPullAt.getTime() + settings.imap_interval_minutes * 60_000 > now.getTime()) return null;
  if (await activePull(db)) return null;
  // Issue 17: one server per firing (the pull after this last one, in this period) in the cluster.
  const slot = `${account}:${state?.lastPullAt?.toISOString() ?? 'never'}@${schedulePeriod(now.getTime(), settings.imap_interval_minutes * 60_000)}`;
  if (!(await claimScheduleSlot(db, MAIL_PULL_JOB, slot))) return null;
  await writeState(db, account, { lastPullAt: now });
  const payload: MailPullPayload = { language: 'zh', scheduledAt: now.toISOString() };
  return app.ctx.jobs.enqueue(MAIL_PULL_JOB, payload as never, {});
}

export interface MailboxPullerOptions {
  /** Opens the mailbox (default: IMAP). */
  opener?: MailboxOpener;
  tickMs?: number;
}

/**
 * Registers the pull job and starts the scheduler tick (the rank monitor's pattern: an unref'd interval,
 * stopped when the app closes). A self-signed certificate is accepted only when the test config says so.
 */
export function installMailboxPuller(app: FastifyInstance, opts: MailboxPullerOptions = {}) {
  const allowUntrusted = Boolean(app.ctx.config.allowPrivateFetchForTests);
  registerJob(MAIL_PULL_JOB, (ctx) => pull(app, ctx, opts.opener ?? openImapMailbox, allowUntrusted) as never);
  const timer = setInterval(() => {
    enqueueDuePull(app).catch((err: unknown) => app.log.error({ err }, 'mail pull scheduler tick failed'));
  }, opts.tickMs ?? MAIL_PULL_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
