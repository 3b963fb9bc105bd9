import { eq } from 'drizzle-orm';
import { settings } from '../db/schema/index';
import type { Executor } from '../db/client';
import { MailSettings, type MailSettingsView } from '../../models/mailSettings';

// The 'mail' group of the system settings (outgoing SMTP, receiving IMAP), one JSON value. Passwords are
// write-only: the view answers '' and whether one is stored; saving '' keeps the stored one.

export const MAIL_KEY = 'mail';

/** The stored mail settings with their passwords: for the server only, never for an answer. */
export async function getMailSettings(db: Executor): Promise<MailSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, MAIL_KEY));
  const parsed = MailSettings.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : MailSettings.parse({});
}

export function mailSettingsView(s: MailSettings): MailSettingsView {
  return { ...s, smtp_password: '', imap_password: '', smtp_password_set: s.smtp_password !== '', imap_password_set: s.imap_password !== '' };
}

/** Submitted settings with '' passwords replaced by the stored ones. */
export async function resolveMailSettings(db: Executor, submitted: MailSettings): Promise<MailSettings> {
  const stored = await getMailSettings(db);
  return {
    ...submitted,
    smtp_password: submitted.smtp_password || stored.smtp_password,
    imap_password: submitted.imap_password || stored.imap_password,
  };
}

export async function saveMailSettings(db: Executor, submitted: MailSettings): Promise<void> {
  const value = await resolveMailSettings(db, submitted);
  await db
    .insert(settings)
    .values({ key: MAIL_KEY, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
