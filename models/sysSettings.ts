import { z } from 'zod';
import { StorageSettings, UploadSettings } from './uploadSettings';
import { MailSettings, type MailSettingsView } from './mailSettings';
import { INQUIRY_EMAIL } from './inquiry';
import { CompanySettings } from './companySettings';

// System settings screen (/SysSetting/index, the spec's "sysList"): upload limits, storage, the admin
// footer, the session policy, mail and the company, read together and saved one group at a time.

/** The admin footer (spec §2 "Layout"). */
export const SiteFooterSettings = z.object({
  copyright: z.string().trim().max(200).default(''),
  filing_number: z.string().trim().max(100).default(''),
});
export type SiteFooterSettings = z.infer<typeof SiteFooterSettings>;

export const SessionSettings = z.object({
  /** Signing in revokes the account's other sessions. */
  single_login: z.boolean().default(false),
});
export type SessionSettings = z.infer<typeof SessionSettings>;

/** The fields an object-storage method cannot work without (the secret is checked on the server: '' keeps the stored one). */
export const STORAGE_REQUIRED_FIELDS = ['access_key_id', 'bucket', 'region'] as const;

/** StorageSettings as submitted: provider methods need a key id, a bucket and a region (or an endpoint). */
export const StorageSettingsUpdate = StorageSettings.superRefine((s, ctx) => {
  if (s.method === 'local') return;
  if (!s.access_key_id) ctx.addIssue({ code: 'custom', path: ['access_key_id'], message: 'validation.required' });
  if (!s.bucket) ctx.addIssue({ code: 'custom', path: ['bucket'], message: 'validation.required' });
  if (!s.region && !s.endpoint) ctx.addIssue({ code: 'custom', path: ['region'], message: 'sysSetting.regionOrEndpoint' });
});

/** Storage as GET answers it: the secret is write-only. */
export const StorageSettingsView = StorageSettings.extend({
  secret_access_key: z.literal(''),
  /** A secret is stored (the form shows "•••• set" and sends '' to keep it). */
  secret_set: z.boolean(),
});
export type StorageSettingsView = z.infer<typeof StorageSettingsView>;

/** GET /sysSetting/index. storage and session are the super-admins' (null for other admins). */
export interface SysSettingsView {
  upload: UploadSettings;
  storage: StorageSettingsView | null;
  site: SiteFooterSettings;
  session: SessionSettings | null;
  /** Outgoing and receiving mail (super-admins only; passwords out). */
  mail: MailSettingsView | null;
  /** Company name, phone, e-mail and address (themes show them as `company`). */
  company: CompanySettings;
}

export const SYS_SETTING_GROUPS = ['upload', 'storage', 'site', 'session', 'mail', 'company'] as const;
export type SysSettingGroup = (typeof SYS_SETTING_GROUPS)[number];
/** Groups only super-admins may read and change. */
export const SUPER_ONLY_GROUPS: readonly SysSettingGroup[] = ['storage', 'session', 'mail'];

/** POST /sysSetting/update: one group's values. */
export const SysSettingsUpdate = z.discriminatedUnion('group', [
  z.object({ group: z.literal('upload'), values: UploadSettings }),
  z.object({ group: z.literal('storage'), values: StorageSettingsUpdate }),
  z.object({ group: z.literal('site'), values: SiteFooterSettings }),
  z.object({ group: z.literal('session'), values: SessionSettings }),
  z.object({ group: z.literal('mail'), values: MailSettings }),
  z.object({ group: z.literal('company'), values: CompanySettings }),
]);
export type SysSettingsUpdate = z.infer<typeof SysSettingsUpdate>;

/** POST /sysSetting/testStorage: the settings to try ('' secret: the stored one). */
export const StorageTest = StorageSettingsUpdate;

/** An e-mail address as an admin types it (the same rule as the contact form's). */
export const MailAddress = z.string().trim().min(1, { message: 'validation.required' }).max(200).regex(INQUIRY_EMAIL, { message: 'validation.mailAddress' });

/** POST /sysSetting/testMail: send a test message to `to`, with the settings as typed ('' password: the stored one) or the saved ones. */
export const MailTest = z.object({ to: MailAddress, values: MailSettings.optional() });
export type MailTest = z.infer<typeof MailTest>;

/** POST /sysSetting/testImap: log in to the receiving mailbox and open its folder, with the settings as typed ('' password: the stored one) or the saved ones. */
export const ImapTest = z.object({ values: MailSettings.optional() });
export type ImapTest = z.infer<typeof ImapTest>;
