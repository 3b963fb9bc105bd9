import type { z } from 'zod';
import { UploadSettings } from '../../../models/uploadSettings';
import { SessionSettings, SiteFooterSettings, StorageSettingsUpdate, type StorageSettingsView, type SysSettingGroup, type SysSettingsView } from '../../../models/sysSettings';
import type { Values } from '../../../machines/resourceForm.machine';
import { MailSettings } from '../../../models/mailSettings';
import { CompanySettings } from '../../../models/companySettings';

// The system settings as form values and back, one group at a time. Allowed formats are edited as
// text ("jpg, png") and sent as lists; the storage secret is never shown: the form starts it empty
// and an empty secret keeps the stored one.

export const UPLOAD_KINDS = ['image', 'video', 'audio', 'archive', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const formatsText = (formats: readonly string[]) => formats.join(', ');
/** "jpg, PNG；webp" → ['jpg', 'png', 'webp'] (commas, semicolons or spaces, either width). */
export const formatsList = (text: string) =>
  text
    .split(/[\s,;，；、]+/)
    .map((f) => f.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);

/** The stored settings of a group as the form's values. */
export function toFormValues(group: SysSettingGroup, view: SysSettingsView): Values {
  switch (group) {
    case 'upload': {
      const u = view.upload;
      return {
        chunk_size: u.chunk_size,
        chunk_condition: u.chunk_condition,
        image_max_pixels: u.image_max_pixels,
        ...Object.fromEntries(UPLOAD_KINDS.map((k) => [k, { max_kb: u[k].max_kb, formats: formatsText(u[k].formats) }])),
      };
    }
    case 'storage': {
      const { secret_access_key: _never, ...rest } = view.storage ?? ({} as StorageSettingsView);
      return { ...rest, secret_access_key: '' };
    }
    case 'site':
      return { ...view.site };
    case 'company':
      return { ...view.company };
    case 'session':
      return { ...(view.session ?? { single_login: false }) };
    case 'mail':
      // Passwords are write-only: the form starts them empty, and an empty one keeps the stored one.
      return { ...(view.mail ?? MailSettings.parse({})), smtp_password: '', imap_password: '' };
  }
}

/** The form's values as the group's update body. */
export function fromFormValues(group: SysSettingGroup, values: Values): Values {
  switch (group) {
    case 'upload': {
      const kinds = Object.fromEntries(
        UPLOAD_KINDS.map((k) => {
          const row = (values[k] ?? {}) as { max_kb?: unknown; formats?: unknown };
          return [k, { max_kb: row.max_kb, formats: formatsList(String(row.formats ?? '')) }];
        }),
      );
      return { chunk_size: values.chunk_size, chunk_condition: values.chunk_condition, image_max_pixels: values.image_max_pixels, ...kinds };
    }
    case 'storage': {
      const { secret_set: _flag, ...rest } = values;
      return rest;
    }
    case 'mail': {
      const { smtp_password_set: _s, imap_password_set: _i, ...rest } = values;
      return rest;
    }
    default:
      return { ...values };
  }
}

/** The shared schema each group is checked with before it is sent. */
export const GROUP_SCHEMAS: Record<SysSettingGroup, z.ZodType> = {
  upload: UploadSettings,
  storage: StorageSettingsUpdate,
  site: SiteFooterSettings,
  session: SessionSettings,
  mail: MailSettings,
  company: CompanySettings,
};
