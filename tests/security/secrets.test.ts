import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, GOOD_PASSWORD } from '../helpers/fixtures';
import { admins } from '../../server/db/schema/index';
import { MailSettings } from '../../models/mailSettings';

// Issue 15, attack regressions: secrets never leave the server. The storage secret key and the SMTP and IMAP
// passwords are write-only; password hashes and other admins' session tokens never appear in any admin
// answer; and the server log (the test app's own pino logger) carries none of them while an admin signs in,
// fails to sign in and saves the settings.

const STORAGE_SECRET = 'storage-secret-Zk81-sec15';
const SMTP_PASSWORD = 'smtp-password-Qa42-sec15';
const IMAP_PASSWORD = 'imap-password-Wr93-sec15';
const SETTING_SECRETS = [STORAGE_SECRET, SMTP_PASSWORD, IMAP_PASSWORD];

let t: TestApp;
let superToken: string;
let victim: { id: number; account: string; password: string; token: string };
let logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 }, logRequests: true });
  // Every line the app's logger writes (children share the stream) is kept for the log rows.
  const streamSym = Object.getOwnPropertySymbols(t.app.log).find((s) => s.description === 'pino.stream');
  const stream = (t.app.log as unknown as Record<symbol, { write: (s: string) => unknown }>)[streamSym!]!;
  stream.write = (line: string) => void logLines.push(String(line));
  superToken = await t.login();
  victim = await adminWithRole(t, superToken, ['adminLoginLog'], { password: 'Victim-pass-2024' });
});
afterAll(() => t?.close());

async function saveSecretSettings() {
  const groups: Record<string, Record<string, unknown>> = {
    storage: { method: 'aliyun', access_key_id: 'KEYID-sec15', secret_access_key: STORAGE_SECRET, region: 'cn-test-1', protocol: 'https', bucket: 'sec15', endpoint: 'http://127.0.0.1:9', root_url: '' },
    mail: MailSettings.parse({ smtp_host: 'smtp.example.test', smtp_user: 'out@example.test', smtp_password: SMTP_PASSWORD, imap_host: 'imap.example.test', imap_user: 'in@example.test', imap_password: IMAP_PASSWORD }),
  };
  for (const [group, values] of Object.entries(groups)) {
    const res = await t.client(superToken).post('/sysSetting/update', { group, values });
    expect(res.code, `${group}: ${res.msg}`).toBe(0);
  }
}

async function raw(url: string, token = superToken) {
  const res = await fetch(`${t.url}/api${url}`, { headers: { 'x-token': token } });
  expect(res.status, url).toBe(200);
  return res.text();
}

async function passwordHashes(): Promise<string[]> {
  return (await t.db.select({ h: admins.passwordHash }).from(admins)).map((r) => r.h);
}

describe('secrets never in responses', () => {
  it('settings GETs answer the storage secret and mail passwords as write-only, while the other fields are kept', async () => {
    await saveSecretSettings();
    const body = await raw('/sysSetting/index');
    for (const s of SETTING_SECRETS) expect(body).not.toContain(s);
    const data = JSON.parse(body).data;
    expect(JSON.stringify(data)).toContain('KEYID-sec15');
    expect(JSON.stringify(data)).toContain('smtp.example.test');
    expect(JSON.stringify(data)).toContain('imap.example.test');
  });

  it('admin lists, reads, self views and logs never carry a password, a hash or another admin’s session token', async () => {
    const hashes = await passwordHashes();
    expect(hashes.length).toBeGreaterThan(1);
    const urls = ['/admin/index?limit=100', `/admin/read?id=${victim.id}`, '/admin/current', '/admin/self', '/role/index?limit=100', '/adminLoginLog/index?limit=200', '/adminOptLog/index?limit=200', '/sysSetting/index', '/website/siteList'];
    for (const url of urls) {
      const body = await raw(url);
      for (const h of hashes) expect(body, url).not.toContain(h);
      expect(body, url).not.toContain(victim.token);
      expect(body, url).not.toContain(victim.password);
      expect(body, url).not.toMatch(/password_hash|passwordHash|\$argon2|\$2[aby]\$|scrypt\$/i);
    }
    // The victim's own views do not show the super-admin's token either.
    for (const url of ['/admin/current', '/admin/self', '/adminLoginLog/index?limit=200']) {
      const body = await raw(url, victim.token);
      expect(body).not.toContain(superToken);
      for (const h of hashes) expect(body).not.toContain(h);
    }
    // Still the same admins: nothing was changed by reading.
    const [row] = await t.db.select({ account: admins.account }).from(admins).where(eq(admins.id, victim.id));
    expect(row!.account).toBe(victim.account);
  });
});

describe('secrets never in the server log', () => {
  it('a login, a failed login and a settings save log requests but no password, secret, token or hash', async () => {
    logLines = [];
    const good = await t.client().post<{ token: string }>('/account/login', { account: victim.account, password: victim.password });
    expect(good.code).toBe(0);
    const bad = await t.client().post('/account/login', { account: victim.account, password: 'Wrong-pass-2024-sec15' });
    expect(bad.code).not.toBe(0);
    await saveSecretSettings();
    const selfUpdate = await t.client(good.data.token).post('/admin/selfUpdate', { name: 'Victim', phone: '', old_password: victim.password, password: GOOD_PASSWORD + 'x' });
    expect(selfUpdate.code, selfUpdate.msg).toBe(0);
    const log = logLines.join('');
    // The logger did run: the requests are there.
    expect(log).toContain('/api/account/login');
    expect(log).toContain('/api/sysSetting/update');
    const forbidden = [...SETTING_SECRETS, victim.password, 'Wrong-pass-2024-sec15', GOOD_PASSWORD + 'x', good.data.token, superToken, ...(await passwordHashes())];
    for (const s of forbidden) expect(log.includes(s), `log carries ${s.slice(0, 12)}…`).toBe(false);
    expect(log).not.toMatch(/"x-token"\s*:/i);
  });
});
