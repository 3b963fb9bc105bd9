import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { startImapPeer, type ImapPeer } from '../helpers/imapPeer';
import { saveMailSettings } from '../helpers/mailSettings';
import { optLogs } from '../../server/db/schema/index';
import { MailSettings } from '../../models/mailSettings';

// "Test receiving" of the mail settings (POST /sysSetting/testImap, issue 13): sign in to the IMAP server and
// open the folder, against a private Dovecot on loopback (tests/helpers/imapPeer.ts). Good settings answer 0;
// each thing an admin can get wrong answers a message saying what to fix.

let peer: ImapPeer;
let t: TestApp;
let superToken: string;
let good: MailSettings;

beforeAll(async () => {
  peer = await startImapPeer({ tls: true });
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 }, allowPrivateFetchForTests: true });
  superToken = await t.login();
  good = MailSettings.parse({ imap_host: peer.host, imap_port: peer.port, imap_security: 'none', imap_user: peer.user, imap_password: peer.password, imap_mailbox: 'INBOX' });
});
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

const testImap = (body: Record<string, unknown>, language = 'en', token = superToken) => t.client(token, { language }).post('/sysSetting/testImap', body);
const withValues = (changes: Partial<MailSettings>) => testImap({ values: { ...good, ...changes } });

describe('testing the receiving mailbox', () => {
  it('good settings sign in and open the folder, answered in the caller’s language', async () => {
    const en = await withValues({});
    expect([en.code, en.msg]).toEqual([0, 'Connected: signed in to the mailbox and opened the folder']);
    const zh = await testImap({ values: good }, 'zh');
    expect([zh.code, zh.msg]).toEqual([0, '连接成功：已登录收件邮箱并打开文件夹']);
  });

  it('a wrong password is refused as a login failure', async () => {
    const res = await withValues({ imap_password: 'Not-The-Password-9' });
    expect([res.code, res.status]).toEqual([400, 400]);
    expect(res.msg).toMatch(/refused the login; check the account and password/);
    expect(res.msg).not.toContain('Not-The-Password-9');
    expect((await testImap({ values: { ...good, imap_user: 'nobody@example.test' } }, 'zh')).msg).toContain('登录被拒绝');
  });

  it('a port nothing listens on answers "cannot connect", naming host and port', async () => {
    const port = await peer.closedPort();
    const res = await withValues({ imap_port: port });
    expect(res.code).toBe(400);
    expect(res.msg).toBe(`Cannot connect to the mail server 127.0.0.1:${port}: the connection was refused or dropped; check the server address and port`);
  });

  it('a folder the mailbox does not have is named', async () => {
    const res = await withValues({ imap_mailbox: 'Archive/Nope' });
    expect([res.code, res.msg]).toEqual([400, expect.stringContaining('has no folder "Archive/Nope"')]);
  });

  it('SSL spoken to a plain port is a TLS failure; SSL on the imaps port works', async () => {
    const res = await withValues({ imap_security: 'ssl' });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^The TLS connection failed \(.+\); check that the security \(SSL \/ STARTTLS \/ none\) matches the port$/);
    expect((await withValues({ imap_security: 'ssl', imap_port: peer.tlsPort! })).code).toBe(0);
  });

  it('an empty password uses the stored one; without any values the saved settings are tried', async () => {
    await saveMailSettings(t, superToken, good);
    expect((await withValues({ imap_password: '' })).code).toBe(0);
    expect((await testImap({})).code).toBe(0);
    await saveMailSettings(t, superToken, { ...good, imap_password: 'Stored-But-Wrong-1' });
    expect((await testImap({})).msg).toMatch(/refused the login/);
    await saveMailSettings(t, superToken, good);
  });

  it('a mailbox without host, account or password is refused before anything is tried', async () => {
    const res = await withValues({ imap_host: '' });
    expect([res.code, res.msg]).toEqual([400, expect.stringContaining('receiving mailbox is not set up')]);
    const bad = await withValues({ imap_port: 0 });
    expect([bad.status, JSON.stringify(bad.data)]).toEqual([400, expect.stringContaining('values.imap_port')]);
  });

  it('only super-admins may test; the log names the account, never the password', async () => {
    const admin = await adminWithRole(t, superToken, ['sysSetting']);
    expect((await testImap({ values: good }, 'en', admin.token)).status).toBe(403);
    expect((await withValues({ imap_password: 'Typed-Secret-77' })).code).toBe(400);
    expect((await withValues({})).code).toBe(0);
    const [row] = await t.db.select().from(optLogs).where(eq(optLogs.operation, 'sysSetting.testImap')).orderBy(desc(optLogs.id)).limit(1);
    expect(row?.contentName).toBe(`${peer.user}@${peer.host}:${peer.port}`);
    const all = JSON.stringify(await t.db.select().from(optLogs));
    expect(all).not.toContain(peer.password);
    expect(all).not.toContain('Typed-Secret-77');
  });
});
