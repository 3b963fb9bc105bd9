import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { closedPort, REFUSED_DOMAIN, selfSignedCertificate, startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer';
import { inquiries, inquiryReplies } from '../../server/db/schema/index';
import { inquiryEmails } from '../../server/db/schema/inquiryEmails';
import { storeInquiry, type InquiryMeta } from '../../server/operations/inquiries';
import type { Inquiry, InquiryReply } from '../../models/inquiry';
import type { MailSettings } from '../../models/mailSettings';
import type { SysSettingsView } from '../../models/sysSettings';

// Outgoing mail against real SMTP servers on 127.0.0.1 (smtp-server): the settings' test message and its
// clear errors, and replies to inquiries, each kept on the inquiry, sent or failed. What arrived is parsed
// with mailparser.

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let plain: SmtpPeer;
let ssl: SmtpPeer;
let starttls: SmtpPeer;
/** Holds the inquiry screen on site A only. */
let editorA: { id: number; token: string };

beforeAll(async () => {
  const { cert } = selfSignedCertificate();
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 }, mailTrustedCaForTests: cert });
  superToken = await t.login();
  siteA = await insertSite(t, uniqueName('MailA'));
  siteB = await insertSite(t, uniqueName('MailB'));
  editorA = await adminWithRole(t, superToken, ['inquiry'], { site_ids: [siteA] });
  [plain, ssl, starttls] = await Promise.all([startSmtpPeer(), startSmtpPeer({ security: 'ssl' }), startSmtpPeer({ security: 'starttls' })]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), ssl?.close(), starttls?.close()]);
  await t?.close();
});

const settingsFor = (peer: SmtpPeer, over: Partial<MailSettings> = {}): Partial<MailSettings> => ({
  smtp_host: '127.0.0.1',
  smtp_port: peer.port,
  smtp_security: 'none',
  smtp_user: peer.user,
  smtp_password: peer.password,
  from_name: 'Banyan Tea',
  from_address: 'service@banyan.test',
  ...over,
});
const saveMail = async (values: Partial<MailSettings>) => {
  const res = await t.client(superToken).post('/sysSetting/update', { group: 'mail', values });
  expect(res.code, res.msg).toBe(0);
};
const testMail = (body: Record<string, unknown>, language = 'en') => t.client(superToken, { language }).post('/sysSetting/testMail', body);

async function inquiry(siteId: number, email: string, meta: Partial<InquiryMeta> = {}) {
  const name = uniqueName('Visitor');
  const id = await storeInquiry(
    t.db,
    { name, phone: '', email, company: '', content: `Price list please, ${name}` },
    { siteId, page: '/contact/', ip: '127.0.0.1', userAgent: 'test', ...meta },
  );
  return { id, name };
}
const asEditor = (language = 'en') => t.client(editorA.token, { siteId: siteA, language });
const storedReplies = (inquiryId: number) => t.db.select().from(inquiryReplies).where(eq(inquiryReplies.inquiryId, inquiryId));

describe('mail settings', () => {
  it('passwords are write-only: the settings answer whether one is stored, and saving an empty one keeps it', async () => {
    await saveMail(settingsFor(plain));
    const view = (await t.client(superToken).get<SysSettingsView>('/sysSetting/index')).data.mail!;
    expect(view).toMatchObject({ smtp_host: '127.0.0.1', smtp_port: plain.port, smtp_password: '', smtp_password_set: true, imap_password_set: false });
    await saveMail(settingsFor(plain, { smtp_password: '' }));
    const before = plain.received.length;
    const res = await testMail({ to: 'owner@banyan.test' });
    expect(res.code, res.msg).toBe(0);
    const [mail] = (await plain.waitFor(before + 1)).slice(before);
    // The stored password signed in.
    expect(mail!.user).toBe(plain.user);
  });

  it('only a super-admin reads, changes and tests the mail settings', async () => {
    const admin = await adminWithRole(t, superToken, ['sysSetting']);
    expect((await t.client(admin.token).get<SysSettingsView>('/sysSetting/index')).data.mail).toBeNull();
    expect((await t.client(admin.token).post('/sysSetting/update', { group: 'mail', values: settingsFor(plain) })).status).toBe(403);
    expect((await t.client(admin.token).post('/sysSetting/testMail', { to: 'owner@banyan.test' })).status).toBe(403);
  });
});

describe('the test message', () => {
  it('arrives at the address given, from the sender set up, signed in with the account', async () => {
    await saveMail(settingsFor(plain));
    const before = plain.received.length;
    const res = await testMail({ to: 'owner@banyan.test' }, 'zh');
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe('测试邮件已发送，请查收');
    const [mail] = (await plain.waitFor(before + 1)).slice(before);
    expect(mail!.recipients).toEqual(['owner@banyan.test']);
    expect(mail!.mailFrom).toBe('service@banyan.test');
    expect(mail!.parsed.from?.value[0]).toMatchObject({ name: 'Banyan Tea', address: 'service@banyan.test' });
    expect(mail!.parsed.subject).toBe('Banyan 测试邮件');
    expect(mail!.parsed.text).toContain('测试邮件');
  });

  it('tries the settings as typed before they are saved', async () => {
    await saveMail(settingsFor(plain, { smtp_port: await closedPort() }));
    const before = plain.received.length;
    const res = await testMail({ to: 'owner@banyan.test', values: settingsFor(plain, { smtp_password: '' }) });
    expect(res.code, res.msg).toBe(0);
    await plain.waitFor(before + 1);
  });

  it('a wrong password says the server refused the sign-in', async () => {
    const res = await testMail({ to: 'owner@banyan.test', values: settingsFor(plain, { smtp_password: 'wrong-password' }) });
    expect([res.code, res.status]).toEqual([400, 400]);
    expect(res.msg).toMatch(/^The mail server refused the sign-in; check the account and password/);
    expect(res.msg).not.toContain('wrong-password');
    const zh = await testMail({ to: 'owner@banyan.test', values: settingsFor(plain, { smtp_password: 'wrong-password' }) }, 'zh');
    expect(zh.msg).toMatch(/^邮件服务器拒绝登录/);
  });

  it('a port nobody listens on says the server cannot be reached', async () => {
    const port = await closedPort();
    const res = await testMail({ to: 'owner@banyan.test', values: settingsFor(plain, { smtp_port: port }) });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(new RegExp(`^Cannot connect to the mail server 127\\.0\\.0\\.1:${port}`));
    expect((await testMail({ to: 'owner@banyan.test', values: settingsFor(plain, { smtp_port: port }) }, 'zh')).msg).toMatch(/^无法连接邮件服务器/);
  });

  it('speaking SSL to a plain server, or trusting no certificate, is a TLS problem', async () => {
    const wrongMode = await testMail({ to: 'owner@banyan.test', values: settingsFor(plain, { smtp_security: 'ssl' }) });
    expect(wrongMode.code).toBe(400);
    expect(wrongMode.msg).toMatch(/^The secure connection to the mail server failed/);
    // A server whose certificate nobody vouches for.
    const stranger = await startSmtpPeer({ security: 'ssl', untrusted: true });
    try {
      const res = await testMail({ to: 'owner@banyan.test', values: settingsFor(stranger, { smtp_security: 'ssl' }) });
      expect(res.code).toBe(400);
      expect(res.msg).toMatch(/^The secure connection to the mail server failed.*certificate/i);
      expect(stranger.received).toEqual([]);
    } finally {
      await stranger.close();
    }
  });

  it('is sent over SSL and over STARTTLS when the certificate is trusted', async () => {
    for (const [peer, security] of [
      [ssl, 'ssl'],
      [starttls, 'starttls'],
    ] as const) {
      const before = peer.received.length;
      const res = await testMail({ to: 'owner@banyan.test', values: settingsFor(peer, { smtp_security: security }) });
      expect(res.code, `${security}: ${res.msg}`).toBe(0);
      expect((await peer.waitFor(before + 1))[before]!.recipients).toEqual(['owner@banyan.test']);
    }
  });

  it('a malformed address is refused before sending; an address the server refuses says so', async () => {
    const bad = await testMail({ to: 'not an address' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('This is not a valid e-mail address');
    await saveMail(settingsFor(plain));
    const refused = await testMail({ to: `someone@${REFUSED_DOMAIN}` });
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/^The mail server refused the address.*Recipient address rejected/);
  });

  it('without an outgoing server it says what to set up', async () => {
    const res = await testMail({ to: 'owner@banyan.test', values: { smtp_host: '' } });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^Outgoing mail is not set up/);
  });
});

describe('replying to an inquiry', () => {
  it('sends the reply to the inquiry’s address, keeps it on the inquiry and moves a new inquiry in progress', async () => {
    await saveMail(settingsFor(plain));
    const q = await inquiry(siteA, 'buyer@customer.test');
    const before = plain.received.length;
    const res = await asEditor().post<InquiryReply>('/inquiry/reply', { id: q.id, subject: 'Re: your inquiry', body: 'Dear buyer,\nour price list is attached.' });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe('Reply sent');
    const [mail] = (await plain.waitFor(before + 1)).slice(before);
    expect(mail!.recipients).toEqual(['buyer@customer.test']);
    expect(mail!.parsed.subject).toBe('Re: your inquiry');
    expect(mail!.parsed.text?.trim()).toBe('Dear buyer,\nour price list is attached.');
    expect(mail!.parsed.inReplyTo).toBeUndefined();
    const thread = (await asEditor().get<InquiryReply[]>('/inquiry/replies', { id: q.id })).data;
    expect(thread).toEqual([expect.objectContaining({ to: 'buyer@customer.test', subject: 'Re: your inquiry', status: 'sent', error: '', admin_id: editorA.id })]);
    expect(res.data).toEqual(thread[0]);
    expect((await asEditor().get<Inquiry>('/inquiry/read', { id: q.id })).data.status).toBe(1);
  });

  it('an inquiry that came by e-mail is answered in its thread (In-Reply-To and References)', async () => {
    await saveMail(settingsFor(plain));
    const q = await inquiry(siteA, 'mailer@customer.test', { source: 'email' });
    await t.db.insert(inquiryEmails).values({ siteId: siteA, messageId: '<first-question@customer.test>', inquiryId: q.id, fromAddress: 'mailer@customer.test', subject: 'Question' });
    const before = plain.received.length;
    const res = await asEditor().post('/inquiry/reply', { id: q.id, subject: 'Re: Question', body: 'Here is the answer.' });
    expect(res.code, res.msg).toBe(0);
    const [mail] = (await plain.waitFor(before + 1)).slice(before);
    expect(mail!.parsed.inReplyTo).toBe('<first-question@customer.test>');
    expect(mail!.parsed.references).toBe('<first-question@customer.test>');
  });

  it('an inquiry without an e-mail address cannot be replied to', async () => {
    const q = await inquiry(siteA, '');
    const res = await asEditor().post('/inquiry/reply', { id: q.id, subject: 'Re', body: 'Hello' });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('This inquiry has no e-mail address, so it cannot be answered by e-mail');
    expect((await asEditor('zh').post('/inquiry/reply', { id: q.id, subject: 'Re', body: 'Hello' })).msg).toBe('该询盘没有邮箱地址，无法通过邮件回复');
    expect(await storedReplies(q.id)).toEqual([]);
  });

  it('a reply that could not be sent is kept as failed with its error, and reported', async () => {
    await saveMail(settingsFor(plain, { smtp_password: 'no-longer-valid' }));
    const q = await inquiry(siteA, 'buyer@customer.test');
    const res = await asEditor().post('/inquiry/reply', { id: q.id, subject: 'Re: your inquiry', body: 'Hello' });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^The mail server refused the sign-in/);
    const thread = (await asEditor().get<InquiryReply[]>('/inquiry/replies', { id: q.id })).data;
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ status: 'failed', subject: 'Re: your inquiry', body: 'Hello' });
    expect(thread[0]!.error).toMatch(/^auth: /);
    // A failed reply does not move the inquiry along.
    const [row] = await t.db.select({ status: inquiries.status }).from(inquiries).where(eq(inquiries.id, q.id));
    expect(row!.status).toBe(0);
    await saveMail(settingsFor(plain));
  });

  it('an admin of another site can neither reply nor read the thread; an empty reply is refused', async () => {
    const q = await inquiry(siteB, 'buyer@customer.test');
    expect((await asEditor().post('/inquiry/reply', { id: q.id, subject: 'Re', body: 'Hi' })).status).toBe(403);
    expect((await asEditor().get('/inquiry/replies', { id: q.id })).status).toBe(403);
    const own = await inquiry(siteA, 'buyer@customer.test');
    const empty = await asEditor().post('/inquiry/reply', { id: own.id, subject: 'Re', body: '  ' });
    expect(empty.code).toBe(400);
    expect(await storedReplies(q.id)).toEqual([]);
  });
});
