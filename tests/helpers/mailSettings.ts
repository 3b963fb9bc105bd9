import { MailSettings } from '../../models/mailSettings';
import type { TestApp } from './app';

/** Saves the 'mail' settings group the way the settings screen does (POST /sysSetting/update). */
export async function saveMailSettings(t: TestApp, superToken: string, values: Partial<MailSettings>): Promise<MailSettings> {
  const full = MailSettings.parse(values);
  const res = await t.client(superToken).post('/sysSetting/update', { group: 'mail', values: full });
  if (res.code !== 0) throw new Error(`saving the mail settings failed: ${res.code} ${res.msg}`);
  return full;
}
