import { z } from 'zod';

// Mail settings (spec §3 "Site settings entry": outgoing mail account, password and type, and receiving mail
// account): the 'mail' group of the system settings. Outgoing mail (SMTP) sends inquiry replies and the test
// message; the receiving mailbox (IMAP) is pulled into inquiries. Passwords are write-only, like the storage
// secret: GET answers '' and `*_password_set`; saving '' keeps the stored one.

/** How a connection is secured: none (plain), ssl (TLS from the first byte), starttls (upgrade after connect). */
export const MAIL_SECURITY = ['none', 'ssl', 'starttls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

const host = z.string().trim().max(253).default('');
const port = z.coerce.number().int().min(1).max(65535);

export const MailSettings = z.object({
  /** Outgoing (SMTP). */
  smtp_host: host,
  smtp_port: port.default(465),
  /** The spec's "type" of the outgoing account. */
  smtp_security: z.enum(MAIL_SECURITY).default('ssl'),
  /** The outgoing mail account (also the sender address unless from_address is set). */
  smtp_user: z.string().trim().max(200).default(''),
  smtp_password: z.string().max(200).default(''),
  from_name: z.string().trim().max(100).default(''),
  from_address: z.string().trim().max(200).default(''),
  /** Receiving (IMAP). */
  imap_enabled: z.boolean().default(false),
  imap_host: host,
  imap_port: port.default(993),
  imap_security: z.enum(MAIL_SECURITY).default('ssl'),
  /** The receiving mail account. */
  imap_user: z.string().trim().max(200).default(''),
  imap_password: z.string().max(200).default(''),
  imap_mailbox: z.string().trim().max(200).default('INBOX'),
  /** Minutes between scheduled pulls (0: only on demand). */
  imap_interval_minutes: z.coerce.number().int().min(0).max(1440).default(10),
  /** The site whose inquiries pulled messages become. */
  imap_site_id: z.coerce.number().int().min(0).default(0),
});
export type MailSettings = z.infer<typeof MailSettings>;

/** The mail group as GET answers it: passwords out. */
export const MailSettingsView = MailSettings.extend({
  smtp_password: z.literal(''),
  imap_password: z.literal(''),
  smtp_password_set: z.boolean(),
  imap_password_set: z.boolean(),
});
export type MailSettingsView = z.infer<typeof MailSettingsView>;
