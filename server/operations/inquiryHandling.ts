import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import { adminSites, admins, inquiries, inquiryCategories, inquiryReplies, roles } from '../db/schema/index';
import { inquiryEmails } from '../db/schema/inquiryEmails';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors';
import { iso } from '../db/listing';
import { canManageSite } from './sites';
import { mailApiError, sendWith } from './outgoingMail';
import { getMailSettings } from './mailSettings';
import { MailError, classifyMailError } from '../services/mailer';
import { statusAfterReply, type InquiryAssignee, type InquiryHandling, type InquiryReply, type InquiryReplyBody } from '../../models/inquiry';

// Handling one inquiry from its detail dialog: its category, status, assignee and notes; the admins it can
// be assigned to; and replies by e-mail, each kept on the inquiry whether it was sent or failed.

type InquiryRow = typeof inquiries.$inferSelect;

/** A live inquiry of a site the admin manages (404 unknown or deleted, 403 another admin's site). */
export async function loadInquiry(db: Executor, auth: Pick<AuthContext, 'siteIds'>, id: number): Promise<InquiryRow> {
  const [row] = await db.select().from(inquiries).where(and(eq(inquiries.id, id), isNull(inquiries.deletedAt)));
  if (!row) throw notFound();
  if (!canManageSite(auth, row.siteId)) throw forbidden('error.siteForbidden');
  return row;
}

/** Active admins who can work on a site's inquiries: super-admins, and admins of the site whose role has the inquiry screen. */
export async function inquiryAssignees(db: Executor, siteId: number): Promise<InquiryAssignee[]> {
  const ofSite = db.select({ id: adminSites.adminId }).from(adminSites).where(eq(adminSites.siteId, siteId));
  const rows = await db
    .select({ id: admins.id, nickname: admins.nickname, account: admins.account })
    .from(admins)
    .innerJoin(roles, eq(roles.id, admins.roleId))
    .where(
      and(
        eq(admins.status, 1),
        or(eq(roles.isSuper, true), and(inArray(admins.id, ofSite), sql`${roles.permissions} @> ${JSON.stringify(['inquiry'])}::jsonb`)),
      ),
    )
    .orderBy(asc(admins.id));
  return rows.map((r) => ({ id: r.id, name: r.nickname || r.account }));
}

/** Saves what the detail dialog edits; a category of another site or an admin who cannot take it is refused. Answers the name the log shows. */
export async function handleInquiry(db: Executor, auth: Pick<AuthContext, 'siteIds'>, body: InquiryHandling): Promise<string> {
  const row = await loadInquiry(db, auth, body.id);
  if (body.cate_id !== null) {
    const [cate] = await db.select({ id: inquiryCategories.id }).from(inquiryCategories).where(and(eq(inquiryCategories.id, body.cate_id), eq(inquiryCategories.siteId, row.siteId)));
    if (!cate) throw badRequest('inquiry.unknownCategory');
  }
  if (body.assignee_id !== null && !(await inquiryAssignees(db, row.siteId)).some((a) => a.id === body.assignee_id)) {
    throw badRequest('inquiry.unknownAssignee');
  }
  await db
    .update(inquiries)
    .set({ cateId: body.cate_id, status: body.status, assigneeId: body.assignee_id, notes: body.notes })
    .where(eq(inquiries.id, row.id));
  return row.name;
}

/** The replies of an inquiry, oldest first, with who sent each. */
export async function repliesOf(db: Executor, inquiryId: number): Promise<InquiryReply[]> {
  const rows = await db
    .select({ r: inquiryReplies, nickname: admins.nickname, account: admins.account })
    .from(inquiryReplies)
    .leftJoin(admins, eq(admins.id, inquiryReplies.adminId))
    .where(eq(inquiryReplies.inquiryId, inquiryId))
    .orderBy(asc(inquiryReplies.id));
  return rows.map(({ r, nickname, account }) => ({
    id: r.id,
    inquiry_id: r.inquiryId,
    admin_id: r.adminId,
    admin_name: nickname || account || '',
    to: r.to,
    subject: r.subject,
    body: r.body,
    sent_at: iso(r.sentAt)!,
    status: r.status as InquiryReply['status'],
    error: r.error,
  }));
}

/** The pulled message an inquiry came from (its Message-ID and subject), when it came by e-mail. */
export async function originalMessage(db: Executor, inquiryId: number): Promise<{ messageId: string; subject: string } | null> {
  const [row] = await db
    .select({ messageId: inquiryEmails.messageId, subject: inquiryEmails.subject })
    .from(inquiryEmails)
    .where(and(eq(inquiryEmails.inquiryId, inquiryId), not(sql`${inquiryEmails.messageId} like 'hash:%'`)))
    .limit(1);
  return row ?? null;
}

/** A Message-ID as the In-Reply-To header carries it: in angle brackets. */
const bracketed = (id: string) => (id.startsWith('<') ? id : `<${id}>`);

export interface ReplyOutcome {
  reply: InquiryReply;
  name: string;
}

/**
 * Sends a reply to the inquiry's address through the SMTP account and keeps it on the inquiry. An inquiry from
 * a pulled e-mail is answered in its thread (In-Reply-To, References). A failed send is kept with its error and
 * then reported as a 400 naming the kind of failure.
 */
export async function replyToInquiry(app: FastifyInstance, auth: AuthContext, body: InquiryReplyBody): Promise<ReplyOutcome> {
  const db = app.ctx.db;
  const row = await loadInquiry(db, auth, body.id);
  if (!row.email) throw badRequest('inquiry.noEmail');
  const settings = await getMailSettings(db);
  const original = row.source === 'email' ? await originalMessage(db, row.id) : null;
  let messageId = '';
  let failure: MailError | null = null;
  try {
    const sent = await sendWith(app, settings, {
      to: row.email,
      subject: body.subject,
      text: body.body,
      inReplyTo: original ? bracketed(original.messageId) : undefined,
      references: original ? [bracketed(original.messageId)] : undefined,
    });
    messageId = sent.messageId;
  } catch (err) {
    failure = classifyMailError(err);
  }
  const [stored] = await db
    .insert(inquiryReplies)
    .values({
      inquiryId: row.id,
      adminId: auth.adminId,
      to: row.email,
      subject: body.subject,
      body: body.body,
      messageId,
      status: failure ? 'failed' : 'sent',
      error: failure ? `${failure.kind}: ${failure.detail}`.slice(0, 500) : '',
    })
    .returning({ id: inquiryReplies.id });
  if (failure) {
    const error = mailApiError(failure, settings);
    throw new ApiError(error.code, error.key, error.params, { reason: failure.kind, reply_id: stored!.id });
  }
  // A first answer moves a new inquiry along.
  if (statusAfterReply(row.status) !== row.status) await db.update(inquiries).set({ status: statusAfterReply(row.status) }).where(eq(inquiries.id, row.id));
  const reply = (await repliesOf(db, row.id)).find((r) => r.id === stored!.id)!;
  return { reply, name: row.name };
}
