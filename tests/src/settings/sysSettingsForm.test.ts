import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UploadSettings } from '../../../models/uploadSettings';
import type { SysSettingsView } from '../../../models/sysSettings';
import { CompanySettings } from '../../../models/companySettings';
import { formatsList, formatsText, fromFormValues, toFormValues, UPLOAD_KINDS } from '../../../src/features/settings/sysSettingsForm';

const view: SysSettingsView = {
  upload: UploadSettings.parse({}),
  storage: { method: 'aliyun', access_key_id: 'id', secret_access_key: '', secret_set: true, region: 'r', protocol: 'https', bucket: 'b', endpoint: '', root_url: '' },
  site: { copyright: '©', filing_number: 'ICP 1' },
  session: { single_login: true },
  mail: null,
  company: { name: 'Acme', phone: '+86 571 8888-6666', email: 'info@acme.test', address: '1 Road' },
};

describe('system settings as form values', () => {
  it('formats typed with commas, semicolons or spaces of either width become a clean list', () => {
    expect(formatsList(' jpg, PNG；webp  .gif，bmp、svg;')).toEqual(['jpg', 'png', 'webp', 'gif', 'bmp', 'svg']);
    expect(formatsList('')).toEqual([]);
  });

  it('a list of formats survives being shown as text and read back', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,10}$/), { maxLength: 20 }), (formats) => {
        expect(formatsList(formatsText(formats))).toEqual(formats);
      }),
    );
  });

  it('the company goes through the form and back unchanged, and its phone and e-mail are checked', () => {
    expect(fromFormValues('company', toFormValues('company', view))).toEqual(view.company);
    expect(CompanySettings.safeParse({ phone: '0571-8888 6666' }).success).toBe(true);
    expect(CompanySettings.safeParse({ phone: '+86 571 8888' }).success).toBe(true);
    expect(CompanySettings.safeParse({ phone: 'call me' }).success).toBe(false);
    expect(CompanySettings.safeParse({ phone: '86+571' }).success).toBe(false);
    expect(CompanySettings.safeParse({ email: 'not-an-address' }).success).toBe(false);
    expect(CompanySettings.parse({})).toEqual({ name: '', phone: '', email: '', address: '' });
  });

  it('the stored upload settings go through the form and back unchanged', () => {
    const back = fromFormValues('upload', toFormValues('upload', view));
    expect(UploadSettings.parse(back)).toEqual(view.upload);
    for (const kind of UPLOAD_KINDS) expect(typeof (toFormValues('upload', view)[kind] as { formats: unknown }).formats).toBe('string');
  });

  it('the storage form never holds a secret and does not send the "set" flag', () => {
    const values = toFormValues('storage', view);
    expect(values.secret_access_key).toBe('');
    expect(values.secret_set).toBe(true);
    const body = fromFormValues('storage', { ...values, secret_access_key: 'new-secret' });
    expect(body).not.toHaveProperty('secret_set');
    expect(body.secret_access_key).toBe('new-secret');
  });

  it('an admin who may not see storage or sessions gets empty forms, not a crash', () => {
    const limited = { ...view, storage: null, session: null };
    expect(toFormValues('storage', limited)).toEqual({ secret_access_key: '' });
    expect(toFormValues('session', limited)).toEqual({ single_login: false });
  });
});
