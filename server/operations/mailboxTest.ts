import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest } from '../http/errors';
import type { MessageKey } from '../i18n/messages';
import type { MailSettings } from '../../models/mailSettings';
import { mailboxFailure, probeImapMailbox } from '../services/mailbox';
import { getMailSettings, resolveMailSettings } from './mailSettings';
import { imapConfigured, imapConnection } from './mailbox/settings';

// "Test connection" of the receiving mailbox: sign in to the IMAP server and open the folder, with the
// settings as typed ('' password: the stored one) or the saved ones. Nothing is read or changed there.

/** Succeeds, or throws a 400 saying what to fix (cannot connect, login refused, TLS, no such folder). */
export async function testImapMailbox(app: FastifyInstance, submitted: MailSettings | undefined): Promise<{ account: string }> {
  const db = app.ctx.db;
  const settings = submitted ? await resolveMailSettings(db, submitted) : await getMailSettings(db);
  if (!imapConfigured(settings)) throw badRequest('mailbox.notConfigured');
  // A self-signed certificate is accepted only when the test config says so (as for the pull).
  const conn = imapConnection(settings, { allowUntrustedCertificate: Boolean(app.ctx.config.allowPrivateFetchForTests) });
  try {
    await probeImapMailbox(conn);
  } catch (err) {
    const f = mailboxFailure(err, conn);
    throw new ApiError(400, `mailbox.${f.failure}` as MessageKey, { detail: f.detail });
  }
  return { account: `${settings.imap_user}@${settings.imap_host}:${settings.imap_port}` };
}
