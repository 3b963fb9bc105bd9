import type { Executor } from '../../db/client';
import { getMailSettings } from '../mailSettings';
import type { MailSettings } from '../../../models/mailSettings';
import { MAIL_IMAP_TIMEOUT_SECONDS } from '../../../models/inquiryEmail';
import type { MailboxConnection } from '../../services/mailbox';

// The receiving half of the 'mail' settings group (saved by POST /sysSetting/update, group 'mail').

/** The stored mail group, passwords included (server only). */
export const readMailSettings = (db: Executor): Promise<MailSettings> => getMailSettings(db);

/** Host, account and password are filled in. */
export const imapConfigured = (s: MailSettings) => s.imap_host !== '' && s.imap_user !== '' && s.imap_password !== '';

/** The key the pull cursor and last result are kept under: another account or folder starts afresh. */
export const mailboxAccount = (s: MailSettings) => `${s.imap_user}@${s.imap_host}:${s.imap_port}/${s.imap_mailbox}`;

export function imapConnection(s: MailSettings, opts: { allowUntrustedCertificate?: boolean } = {}): MailboxConnection {
  return {
    host: s.imap_host,
    port: s.imap_port,
    security: s.imap_security,
    user: s.imap_user,
    password: s.imap_password,
    mailbox: s.imap_mailbox || 'INBOX',
    timeoutSeconds: MAIL_IMAP_TIMEOUT_SECONDS,
    allowUntrustedCertificate: opts.allowUntrustedCertificate,
  };
}
