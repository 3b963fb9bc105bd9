import { count, desc, eq, inArray } from 'drizzle-orm';
import { attachments, inquiryEmails } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { iso, offsetOf } from '../../db/listing';
import { activePull, failureText, readMailboxState } from './pull';
import { imapConfigured, mailboxAccount, readMailSettings } from './settings';
import type { InquiryEmail, InquiryEmailListQuery, MailboxStatus, MailPullResult } from '../../../models/inquiryEmail';
import type { Language } from '../../../models/language';
import type { AuthContext } from '../../http/context';

// What /InquiryEmail/index shows: the mailbox's status and the messages pulled into the current site.

export async function mailboxStatus(db: Executor, auth: Pick<AuthContext, 'isSuper' | 'adminId'>, lang: Language, now = new Date()): Promise<MailboxStatus> {
  const s = await readMailSettings(db);
  const configured = imapConfigured(s);
  const state = configured ? await readMailboxState(db, mailboxAccount(s)) : undefined;
  const running = await activePull(db);
  const scheduled = configured && s.imap_enabled && s.imap_interval_minutes > 0;
  const next = !scheduled ? null : state?.lastPullAt ? new Date(Math.max(now.getTime(), state.lastPullAt.getTime() + s.imap_interval_minutes * 60_000)) : now;
  return {
    configured,
    enabled: s.imap_enabled,
    host: s.imap_host,
    user: s.imap_user,
    mailbox: s.imap_mailbox,
    site_id: s.imap_site_id,
    interval_minutes: s.imap_interval_minutes,
    last_pull_at: iso(state?.lastPullAt),
    last_status: state?.lastStatus ?? '',
    last_result: (state?.lastResult as MailPullResult | null | undefined) ?? null,
    last_error: failureText(lang, state?.lastError ?? ''),
    // Only a job the caller may follow (GET /job/read): their own, or any for a super-admin.
    running_job_id: running && (auth.isSuper || running.createdBy === auth.adminId) ? running.id : null,
    next_pull_at: iso(next),
  };
}

export async function listInquiryEmails(db: Executor, siteId: number, query: InquiryEmailListQuery): Promise<{ rows: InquiryEmail[]; total: number }> {
  const where = eq(inquiryEmails.siteId, siteId);
  const [rows, [total]] = await Promise.all([
    db.select().from(inquiryEmails).where(where).orderBy(desc(inquiryEmails.id)).limit(query.limit).offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(inquiryEmails).where(where),
  ]);
  const ids = [...new Set(rows.flatMap((r) => r.attachmentIds))];
  const files = ids.length
    ? await db.select({ id: attachments.id, name: attachments.name, url: attachments.url }).from(attachments).where(inArray(attachments.id, ids))
    : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      id: r.id,
      site_id: r.siteId,
      message_id: r.messageId,
      inquiry_id: r.inquiryId,
      from_address: r.fromAddress,
      from_name: r.fromName,
      subject: r.subject,
      received_at: iso(r.receivedAt),
      mailbox: r.mailbox,
      attachments: r.attachmentIds.flatMap((id) => byId.get(id) ?? []),
      refused_attachments: r.refusedAttachments,
      created_at: iso(r.createdAt)!,
    })),
  };
}
