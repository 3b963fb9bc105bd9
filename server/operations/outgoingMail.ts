import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../i18n/messages';
import type { MailSettings } from '../../models/mailSettings';
import { MailError, smtpMailer, type Mailer, type MailFailure, type OutgoingMail, type SentMail } from '../services/mailer';
import { getMailSettings, resolveMailSettings } from './mailSettings';

// Sending through the settings' SMTP account: the transport for these settings, and a failure as the
// localized message an admin can act on (cannot connect, sign-in refused, TLS problem, address refused).

const FAILURE_KEYS: Record<MailFailure, MessageKey> = {
  notConfigured: 'mail.notConfigured',
  connect: 'mail.cannotConnect',
  auth: 'mail.authRefused',
  tls: 'mail.tlsProblem',
  address: 'mail.addressRefused',
  rejected: 'mail.sendFailed',
  forbidden: 'mail.addressForbidden',
};

export const failureKey = (kind: MailFailure) => FAILURE_KEYS[kind];

/** A mail failure as the 400 the caller is told about: the kind in words, the server's own words after. */
export function mailApiError(err: MailError, settings: Pick<MailSettings, 'smtp_host' | 'smtp_port'>): ApiError {
  return new ApiError(400, failureKey(err.kind), { host: settings.smtp_host, port: settings.smtp_port, detail: err.detail || '-' }, { reason: err.kind });
}

export function mailerFor(app: FastifyInstance, settings: MailSettings): Mailer {
  return smtpMailer(settings, { ca: app.ctx.config.mailTrustedCaForTests });
}

/** Sends one message with these settings; a failure is a MailError (never a secret in it). */
export async function sendWith(app: FastifyInstance, settings: MailSettings, mail: OutgoingMail): Promise<SentMail> {
  const mailer = mailerFor(app, settings);
  try {
    return await mailer.sendMail(mail);
  } finally {
    mailer.close();
  }
}

/** POST /sysSetting/testMail: a short message to `to`, with the typed settings ('' password: the stored one) or the saved ones. */
export async function sendTestMail(app: FastifyInstance, to: string, typed: MailSettings | undefined, words: { subject: string; text: string }): Promise<void> {
  const settings = typed ? await resolveMailSettings(app.ctx.db, typed) : await getMailSettings(app.ctx.db);
  try {
    await sendWith(app, settings, { to, subject: words.subject, text: words.text });
  } catch (err) {
    if (err instanceof MailError) throw mailApiError(err, settings);
    throw err;
  }
}
