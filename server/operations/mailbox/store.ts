import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressObject, ParsedMail } from 'mailparser';
import * as cheerio from 'cheerio';
import { inquiryEmails, type RefusedAttachment } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { translate } from '../../i18n/messages';
import { storeInquiry } from '../inquiries';
import { ingestFile } from '../attachments/ingest';
import { hashFile, incomingFile, removeQuietly } from '../attachments/tempFiles';
import { INQUIRY_MAX } from '../../../models/inquiry';
import { MAIL_CONTENT_MAX } from '../../../models/inquiryEmail';
import type { Language } from '../../../models/language';
import type { UploadSettings } from '../../../models/uploadSettings';

// One pulled message becomes one inquiry, once per site and Message-ID: its attachments go through the
// attachment checks and storage like any upload (a refused one is noted on the message, not fatal), then
// the message row and the inquiry are written together.

export interface StoreTarget {
  siteId: number;
  mailbox: string;
  uid: number;
  /** The admin who started the pull (null: the scheduler). */
  adminId: number | null;
  language: Language;
  uploadSettings: UploadSettings;
}

export type StoreOutcome = { kind: 'duplicate' } | { kind: 'created'; inquiryId: number; attachments: number; refused: number };

function sender(parsed: ParsedMail): { address: string; name: string } {
  const from = (Array.isArray(parsed.from) ? parsed.from[0] : parsed.from) as AddressObject | undefined;
  const first = from?.value?.[0];
  return { address: (first?.address ?? '').trim().toLowerCase(), name: (first?.name ?? '').trim() };
}

/** The Message-ID, or for a message without one a hash of sender, date and subject. */
export function messageKey(parsed: ParsedMail): string {
  const id = parsed.messageId?.trim();
  if (id) return id.slice(0, 900);
  const { address } = sender(parsed);
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : '';
  return 'hash:' + createHash('sha256').update(`${address}\n${date}\n${parsed.subject ?? ''}`).digest('hex');
}

/** The text body; an HTML-only message is reduced to its text (scripts and styles dropped). */
export function bodyText(parsed: ParsedMail): string {
  let text = parsed.text?.trim() ?? '';
  if (!text && typeof parsed.html === 'string' && parsed.html) {
    const $ = cheerio.load(parsed.html);
    $('script, style, head, noscript').remove();
    $('br').replaceWith('\n');
    $('p, div, li, tr, h1, h2, h3, h4, h5, h6').each((_, el) => void $(el).append('\n'));
    text = $.root().text().replace(/[ \t\u00a0]+/g, ' ').replace(/\n\s*\n\s*\n+/g, '\n\n').trim();
  }
  return text.replace(/\r\n?/g, '\n').slice(0, MAIL_CONTENT_MAX);
}

async function alreadyPulled(db: Db, siteId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inquiryEmails.id })
    .from(inquiryEmails)
    .where(and(eq(inquiryEmails.siteId, siteId), eq(inquiryEmails.messageId, key)));
  return Boolean(row);
}

/** Stores the attachments that pass the checks; the refused ones come back with the reason. */
async function storeAttachments(app: FastifyInstance, parsed: ParsedMail, target: StoreTarget) {
  const stored: number[] = [];
  const refused: RefusedAttachment[] = [];
  for (const [i, att] of parsed.attachments.entries()) {
    // Inline parts without a name (signatures, tracking pixels) are part of the body, not attachments.
    if (!att.filename && att.contentDisposition !== 'attachment') continue;
    const name = att.filename || `attachment-${i + 1}`;
    const file = await incomingFile(app.ctx.config.dataDir);
    try {
      await fs.writeFile(file, att.content);
      const saved = await ingestFile(
        app,
        { file, name, ...(await hashFile(file)) },
        { siteId: target.siteId, adminId: target.adminId, cateId: 0, reduceImg: false, settings: target.uploadSettings },
      );
      stored.push(saved.id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      refused.push({ name, reason: translate(target.language, err.key, err.params) });
    } finally {
      await removeQuietly(file);
    }
  }
  return { stored, refused };
}

export async function storeMessage(app: FastifyInstance, db: Db, parsed: ParsedMail, target: StoreTarget): Promise<StoreOutcome> {
  const key = messageKey(parsed);
  if (await alreadyPulled(db, target.siteId, key)) return { kind: 'duplicate' };
  const { stored, refused } = await storeAttachments(app, parsed, target);
  const from = sender(parsed);
  const subject = (parsed.subject ?? '').trim();
  const content = bodyText(parsed) || subject || translate(target.language, 'mailbox.noBody');
  const receivedAt = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : new Date();
  return db.transaction(async (tx) => {
    // The unique (site, Message-ID) index settles a race with another pull: the loser stores nothing.
    const [row] = await tx
      .insert(inquiryEmails)
      .values({
        siteId: target.siteId,
        messageId: key,
        fromAddress: from.address.slice(0, 320),
        fromName: from.name.slice(0, 200),
        subject: subject.slice(0, 1000),
        receivedAt,
        attachmentIds: stored,
        refusedAttachments: refused,
        mailbox: target.mailbox,
        uid: target.uid,
      })
      .onConflictDoNothing()
      .returning({ id: inquiryEmails.id });
    if (!row) return { kind: 'duplicate' } as const;
    const inquiryId = await storeInquiry(
      tx,
      {
        name: (from.name || from.address || '?').slice(0, INQUIRY_MAX.name),
        email: from.address.slice(0, INQUIRY_MAX.email),
        phone: '',
        company: '',
        content,
      },
      { siteId: target.siteId, page: `mail:${target.mailbox}`, ip: '', userAgent: 'imap', source: 'email', sourceId: row.id },
    );
    await tx.update(inquiryEmails).set({ inquiryId }).where(eq(inquiryEmails.id, row.id));
    return { kind: 'created', inquiryId, attachments: stored.length, refused: refused.length } as const;
  });
}
