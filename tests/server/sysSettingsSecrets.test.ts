import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { optLogs } from '../../server/db/schema/index';
import { SYS_SETTING_GROUPS, type SysSettingGroup, type SysSettingsView } from '../../models/sysSettings';
import { MailSettings } from '../../models/mailSettings';
import { UploadSettings } from '../../models/uploadSettings';

// Secrets of the system settings are write-only everywhere (issue 13): the storage secret and the SMTP and
// IMAP passwords never come back from GET /sysSetting/index, and every group change is in the operation
// log under the group's name, with the secrets masked.

const STORAGE_SECRET = 'storage-secret-Zk81-never-shown';
const SMTP_PASSWORD = 'smtp-password-Qa42-never-shown';
const IMAP_PASSWORD = 'imap-password-Wr93-never-shown';
const SECRETS = [STORAGE_SECRET, SMTP_PASSWORD, IMAP_PASSWORD];

let t: TestApp;
let superToken: string;
let settingsAdmin: { token: string };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  superToken = await t.login();
  settingsAdmin = await adminWithRole(t, superToken, ['sysSetting']);
});
afterAll(() => t?.close());

/** One change of each group, the secrets in the values of the groups that have them. */
const CHANGES: Record<SysSettingGroup, Record<string, unknown>> = {
  upload: { ...UploadSettings.parse({}), chunk_size: 1024 },
  storage: {
    method: 'aliyun',
    access_key_id: 'KEYID-logged',
    secret_access_key: STORAGE_SECRET,
    region: 'cn-test-1',
    protocol: 'https',
    bucket: 'logged-bucket',
    endpoint: 'http://127.0.0.1:9',
    root_url: '',
  },
  site: { copyright: '© Logged', filing_number: 'ICP-LOG' },
  session: { single_login: false },
  mail: MailSettings.parse({ smtp_host: 'smtp.example.test', smtp_user: 'out@example.test', smtp_password: SMTP_PASSWORD, imap_host: 'imap.example.test', imap_user: 'in@example.test', imap_password: IMAP_PASSWORD }),
  company: { name: 'Logged Co', phone: '123', email: 'co@example.test', address: 'Somewhere' },
};

async function rawIndex(token: string): Promise<string> {
  const res = await fetch(`${t.url}/api/sysSetting/index`, { headers: { 'x-token': token } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('system settings secrets', () => {
  it('every group change is logged under the group’s name and never with a secret value', async () => {
    expect(Object.keys(CHANGES).sort()).toEqual([...SYS_SETTING_GROUPS].sort());
    for (const group of SYS_SETTING_GROUPS) {
      const res = await t.client(superToken).post('/sysSetting/update', { group, values: CHANGES[group] });
      expect(res.code, `${group}: ${res.msg}`).toBe(0);
      for (const secret of SECRETS) expect(JSON.stringify(res), group).not.toContain(secret);
      const [row] = await t.db.select().from(optLogs).where(eq(optLogs.operation, 'sysSetting.update')).orderBy(desc(optLogs.id)).limit(1);
      expect(row, group).toBeDefined();
      expect([row!.contentName, row!.contentType], group).toEqual([group, 'sysSetting']);
      expect(row!.content, group).toContain(`"group":"${group}"`);
      for (const secret of SECRETS) expect(row!.content, group).not.toContain(secret);
    }
    // The test calls take typed secrets too; they are masked as well.
    await t.client(superToken).post('/sysSetting/testStorage', CHANGES.storage);
    await t.client(superToken).post('/sysSetting/testMail', { to: 'x@example.test', values: CHANGES.mail });
    await t.client(superToken).post('/sysSetting/testImap', { values: CHANGES.mail });
    const everything = JSON.stringify(await t.db.select().from(optLogs));
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  });

  it('GET /sysSetting/index never contains a stored secret, only whether one is set', async () => {
    const raw = await rawIndex(superToken);
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
    const view = JSON.parse(raw).data as SysSettingsView;
    expect(view.storage).toMatchObject({ method: 'aliyun', secret_access_key: '', secret_set: true });
    expect(view.mail).toMatchObject({ smtp_password: '', smtp_password_set: true, imap_password: '', imap_password_set: true, smtp_user: 'out@example.test' });
    // An admin of the menu without super rights sees neither the secrets nor the groups that hold them.
    const theirs = await rawIndex(settingsAdmin.token);
    for (const secret of SECRETS) expect(theirs).not.toContain(secret);
    expect(JSON.parse(theirs).data).toMatchObject({ storage: null, mail: null, session: null, company: CHANGES.company });
  });

  it('saving a group again with empty secrets keeps the stored ones', async () => {
    expect((await t.client(superToken).post('/sysSetting/update', { group: 'mail', values: { ...CHANGES.mail, smtp_password: '', imap_password: '' } })).code).toBe(0);
    expect((await t.client(superToken).post('/sysSetting/update', { group: 'storage', values: { ...CHANGES.storage, secret_access_key: '' } })).code).toBe(0);
    const view = (await t.client(superToken).get<SysSettingsView>('/sysSetting/index')).data;
    expect([view.mail?.smtp_password_set, view.mail?.imap_password_set, view.storage?.secret_set]).toEqual([true, true, true]);
    for (const secret of SECRETS) expect(JSON.stringify(view)).not.toContain(secret);
    expect((await t.client(superToken).post('/sysSetting/update', { group: 'storage', values: { method: 'local' } })).code).toBe(0);
  });
});
