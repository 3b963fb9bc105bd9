import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { MailSettings } from '../../models/mailSettings';
import { RemoteFetchError, resolveInfrastructureHost } from './remoteFetch';

// Outgoing mail through the SMTP account of the system settings ('mail' group), behind a small interface:
// inquiry replies and the settings' test message. Every failure is sorted into what an admin can act on
// (cannot connect, sign-in refused, TLS problem, address refused) with the server's own words kept.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Message-ID of the message this one answers. */
  inReplyTo?: string;
  references?: string[];
}

export interface SentMail {
  messageId: string;
}

export interface Mailer {
  sendMail(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export type MailFailure = 'notConfigured' | 'connect' | 'auth' | 'tls' | 'address' | 'rejected' | 'forbidden';

export class MailError extends Error {
  constructor(
    readonly kind: MailFailure,
    /** What the server or the network said (no password in it). */
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

export interface MailerOptions {
  /** Extra trusted CA certificates (PEM). */
  ca?: string;
  /** Connect, greeting and socket time limits. */
  timeoutMs?: number;
}

/** The sender: "Name <address>", the address being from_address or else the account. */
export function senderOf(s: MailSettings): string {
  const address = s.from_address || s.smtp_user;
  return s.from_name ? `"${s.from_name.replace(/["\\]/g, '')}" <${address}>` : address;
}

const TLS_WORDS = /certificate|self[- ]signed|\bssl\b|\btls\b|wrong version|handshake|unable to verify|altname|CERT_|EPROTO/i;
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EDNS', 'ECONNECTION']);

/** Sorts a nodemailer or socket error into what the admin can act on. */
export function classifyMailError(err: unknown): MailError {
  if (err instanceof MailError) return err;
  const e = (err ?? {}) as { code?: string; message?: string; responseCode?: number; response?: string; cause?: { code?: string; message?: string } };
  const message = String(e.message ?? err);
  const causeCode = e.cause?.code ?? '';
  const detail = (e.response || message).replace(/\s+/g, ' ').trim().slice(0, 300);
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.responseCode === 535 || e.responseCode === 534) return new MailError('auth', detail);
  if (e.code === 'ETLS' || TLS_WORDS.test(message) || TLS_WORDS.test(causeCode)) return new MailError('tls', detail);
  if (e.code === 'EENVELOPE' || (e.responseCode !== undefined && e.responseCode >= 550 && e.responseCode <= 553)) return new MailError('address', detail);
  if (CONNECT_CODES.has(e.code ?? '') || CONNECT_CODES.has(causeCode) || e.code === 'ESOCKET' || /ECONNREFUSED|ENOTFOUND|timed? ?out|closed/i.test(message)) {
    return new MailError('connect', detail);
  }
  return new MailError('rejected', detail);
}

/** A real SMTP transport built from the mail settings; one connection per message. */
export function smtpMailer(settings: MailSettings, options: MailerOptions = {}): Mailer {
  if (!settings.smtp_host || !(settings.from_address || settings.smtp_user)) throw new MailError('notConfigured', '');
  const timeout = options.timeoutMs ?? 15_000;
  // The transport connects to the address checked here (never the cloud metadata service or another
  // link-local address; loopback and LAN servers are allowed), with the name kept for SNI and the certificate.
  const connect = (address: string) =>
    nodemailer.createTransport({
      host: address,
      ...(isIP(settings.smtp_host) ? {} : { servername: settings.smtp_host }),
      port: settings.smtp_port,
      secure: settings.smtp_security === 'ssl',
      requireTLS: settings.smtp_security === 'starttls',
      ignoreTLS: settings.smtp_security === 'none',
      auth: settings.smtp_user && settings.smtp_password ? { user: settings.smtp_user, pass: settings.smtp_password } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 2,
      // SNI names a host, never an address (RFC 6066).
      tls: { ...(options.ca ? { ca: options.ca } : {}), ...(isIP(settings.smtp_host) ? {} : { servername: settings.smtp_host }) },
    });
  /** One transport (one connection) per message; close() ends those still open. */
  const open = new Set<ReturnType<typeof connect>>();
  const from = senderOf(settings);
  return {
    async sendMail(mail) {
      let address: string;
      try {
        ({ address } = await resolveInfrastructureHost(settings.smtp_host));
      } catch (err) {
        if (err instanceof RemoteFetchError && err.reason === 'private_address') throw new MailError('forbidden', settings.smtp_host);
        throw new MailError('connect', `getaddrinfo ENOTFOUND ${settings.smtp_host}`);
      }
      const transport = connect(address);
      open.add(transport);
      try {
        const info = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          inReplyTo: mail.inReplyTo,
          references: mail.references?.length ? mail.references : mail.inReplyTo ? [mail.inReplyTo] : undefined,
        });
        return { messageId: String(info.messageId ?? '') };
      } catch (err) {
        throw classifyMailError(err);
      } finally {
        open.delete(transport);
        transport.close();
      }
    },
    close: () => {
      for (const transport of open) transport.close();
      open.clear();
    },
  };
}
