import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { rawMessage, startImapPeer, type ImapPeer } from '../helpers/imapPeer';
import { saveMailSettings } from '../helpers/mailSettings';
import { inquiries, inquiryEmails, jobs } from '../../server/db/schema/index';
import { enqueueDuePull } from '../../server/operations/mailbox/pull';
import { MailboxError, openImapMailbox } from '../../server/services/mailbox';
import type { InquiryEmail, MailboxStatus, MailPullResult } from '../../models/inquiryEmail';
import type { MailSettings } from '../../models/mailSettings';
import type { Job } from '../../models/job';
import type { OptLog } from '../../models/logs';
import { inquiryEmailCalls } from './oplog/inquiryEmail';

// The e-mail inbox against a real IMAP server: a private Dovecot on loopback (tests/helpers/imapPeer.ts).
// Messages are put in with IMAP APPEND; the app pulls them over IMAP into inquiries.

let peer: ImapPeer;
let t: TestApp;
let superToken: string;
let siteId: number;
let mail: Partial<MailSettings>;

beforeAll(async () => {
  peer = await startImapPeer({ tls: true });
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 }, allowPrivateFetchForTests: true });
  superToken = await t.login();
  siteId = await insertSite(t, uniqueName('MailSite'));
  mail = {
    imap_enabled: false,
    imap_host: peer.host,
    imap_port: peer.port,
    imap_security: 'none',
    imap_user: peer.user,
    imap_password: peer.password,
    imap_mailbox: 'INBOX',
    imap_interval_minutes: 10,
    imap_site_id: siteId,
  };
  await saveMailSettings(t, superToken, mail);
});
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

const admin = (language = 'en') => t.client(superToken, { siteId, language });

async function pullNow(language = 'en'): Promise<Job> {
  const started = await admin(language).post<{ job_id: number }>('/inquiryEmail/pull');
  expect(started.code, started.msg).toBe(0);
  await t.app.ctx.jobs.whenIdle();
  return (await admin(language).get<Job>('/job/read', { id: started.data.job_id })).data;
}

const pulled = async () => (await admin().get<InquiryEmail[]>('/inquiryEmail/index', { limit: 100 })).data;
const siteInquiries = () => t.db.select().from(inquiries).where(eq(inquiries.siteId, siteId));

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 6, channels: 3, background: { r: seed % 256, g: 40, b: 200 } } })
    .png()
    .toBuffer();
}

describe('pulling the receiving mailbox', () => {
  it('without a mailbox set up, "pull now" answers a clear error', async () => {
    await saveMailSettings(t, superToken, { ...mail, imap_host: '' });
    const res = await admin('en').post('/inquiryEmail/pull');
    expect(res.code).toBe(400);
    expect(res.msg).toContain('receiving mailbox is not set up');
    const zh = await admin('zh').post('/inquiryEmail/pull');
    expect(zh.msg).toContain('尚未设置收件邮箱');
    expect((await admin().get<MailboxStatus>('/inquiryEmail/status')).data.configured).toBe(false);
    await saveMailSettings(t, superToken, mail);
  });

  it('a new message becomes exactly one inquiry, its attachment arrives intact, and a second pull adds nothing', async () => {
    const bytes = await png(1);
    const subject = `报价请求 ${uniqueName('quote')}`;
    await peer.append(
      rawMessage({ from: '"Lin Wei" <Lin.Wei@Buyer.example>', subject, text: 'Please quote 500 units.\nThanks', attachment: { name: 'drawing.png', type: 'image/png', bytes } }),
    );
    const job = await pullNow();
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ seen: 1, created: 1, duplicates: 0, attachments: 1, refused: 0 } satisfies MailPullResult);

    const [row] = await pulled();
    expect(row).toMatchObject({ from_address: 'lin.wei@buyer.example', from_name: 'Lin Wei', subject, mailbox: 'INBOX' });
    expect(row!.attachments).toHaveLength(1);
    const downloaded = Buffer.from(await (await fetch(new URL(row!.attachments[0]!.url, t.url))).arrayBuffer());
    expect(downloaded.equals(bytes)).toBe(true);

    const inquiry = (await admin().get('/inquiry/read', { id: row!.inquiry_id })).data;
    expect(inquiry).toMatchObject({ name: 'Lin Wei', email: 'lin.wei@buyer.example', page: 'mail:INBOX', source: 'email' });
    expect(inquiry.content).toBe('Please quote 500 units.\nThanks');

    const again = await pullNow();
    expect(again.status).toBe('done');
    // The cursor (UIDVALIDITY + last UID) means the old message is not even fetched again.
    expect(again.result).toMatchObject({ seen: 0, created: 0 });
    expect(await pulled()).toHaveLength(1);
    expect(await siteInquiries()).toHaveLength(1);
  });

  it('a message seen again under another UID is not pulled twice (Message-ID), nor one without a Message-ID (hash)', async () => {
    const before = (await siteInquiries()).length;
    const date = new Date('2026-03-01T08:00:00Z');
    const withId = rawMessage({ from: 'a@dup.example', subject: 'same id', text: 'one', messageId: `<${uniqueName('m')}@dup.example>` });
    const withoutId = rawMessage({ from: 'b@dup.example', subject: 'no id', text: 'two', messageId: null, date });
    for (const raw of [withId, withId, withoutId, withoutId]) await peer.append(raw);
    const job = await pullNow();
    expect(job.result).toMatchObject({ seen: 4, created: 2, duplicates: 2 });
    expect((await siteInquiries()).length).toBe(before + 2);
    const keys = (await t.db.select().from(inquiryEmails).where(eq(inquiryEmails.fromAddress, 'b@dup.example'))).map((r) => r.messageId);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^hash:[0-9a-f]{64}$/);
  });

  it('an HTML-only message becomes text, and a refused attachment is noted without losing the inquiry', async () => {
    await peer.append(
      rawMessage({
        from: 'html@sender.example',
        subject: 'html body',
        html: '<html><head><style>p{color:red}</style></head><body><p>Hello <b>there</b></p><script>alert(1)</script><p>Line two</p></body></html>',
        attachment: { name: 'setup.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ\x90\x00not really') },
      }),
    );
    const job = await pullNow();
    expect(job.result).toMatchObject({ created: 1, attachments: 0, refused: 1 });
    const [row] = await pulled();
    expect(row!.refused_attachments).toEqual([{ name: 'setup.exe', reason: expect.stringMatching(/exe/i) }]);
    const inquiry = (await admin().get('/inquiry/read', { id: row!.inquiry_id })).data;
    expect(inquiry.content).toContain('Hello there');
    expect(inquiry.content).toContain('Line two');
    expect(inquiry.content).not.toMatch(/<|alert|color/);
  });

  it('the job reports its progress over every new message and finishes; the status shows the last pull', async () => {
    for (let i = 0; i < 3; i++) await peer.append(rawMessage({ from: `p${i}@progress.example`, subject: `progress ${i}`, text: `body ${i}` }));
    const job = await pullNow();
    expect(job).toMatchObject({ kind: 'mailPull', status: 'done', progress: 100, total: 3 });
    const status = (await admin().get<MailboxStatus>('/inquiryEmail/status')).data;
    expect(status).toMatchObject({ configured: true, host: peer.host, user: peer.user, last_status: 'done', last_error: '', running_job_id: null, next_pull_at: null });
    expect(status.last_result).toMatchObject({ seen: 3, created: 3 });
    expect(Date.now() - new Date(status.last_pull_at!).getTime()).toBeLessThan(60_000);
  });
});

describe('a bad mailbox setting is answered with a clear error', () => {
  const failing = async (settings: Partial<MailSettings>, language: string) => {
    await saveMailSettings(t, superToken, { ...mail, ...settings });
    try {
      const job = await pullNow(language);
      expect(job.status).toBe('failed');
      const status = (await admin(language).get<MailboxStatus>('/inquiryEmail/status')).data;
      expect(status.last_status).toBe('failed');
      expect(status.last_error).toBe(job.error);
      return job.error ?? '';
    } finally {
      await saveMailSettings(t, superToken, mail);
    }
  };

  it('a wrong password: the login was refused', async () => {
    expect(await failing({ imap_password: 'wrong-password' }, 'en')).toMatch(/^The mailbox refused the login; check the account and password/);
    expect(await failing({ imap_password: 'wrong-password' }, 'zh')).toMatch(/^收件邮箱登录被拒绝/);
  });

  it('a closed port: the server cannot be reached', async () => {
    const port = await peer.closedPort();
    expect(await failing({ imap_port: port }, 'en')).toBe(
      `Cannot connect to the mail server 127.0.0.1:${port}: the connection was refused or dropped; check the server address and port`,
    );
  });

  it('TLS on a plain port: the TLS connection failed', async () => {
    expect(await failing({ imap_security: 'ssl' }, 'en')).toMatch(/^The TLS connection failed \(.+\); check that the security/);
  });

  it('a folder that does not exist: the mailbox has no such folder', async () => {
    expect(await failing({ imap_mailbox: 'Quotes2026' }, 'en')).toBe('The mailbox has no folder "Quotes2026"; check the folder name');
    expect(await failing({ imap_mailbox: 'Quotes2026' }, 'zh')).toBe('收件邮箱中没有文件夹“Quotes2026”，请检查文件夹名称');
  });

  it('a host that does not resolve: the server cannot be found', async () => {
    expect(await failing({ imap_host: 'mail.invalid' }, 'en')).toBe('The mail server "mail.invalid" cannot be found; check the server address');
  });
});

describe('secured connections', () => {
  it('pulls over implicit TLS (ssl) and over STARTTLS', async () => {
    for (const settings of [{ imap_security: 'ssl', imap_port: peer.tlsPort! }, { imap_security: 'starttls' }] as const) {
      await peer.append(rawMessage({ from: `tls@${settings.imap_security}.example`, subject: `over ${settings.imap_security}`, text: 'secured' }));
      await saveMailSettings(t, superToken, { ...mail, ...settings });
      try {
        const job = await pullNow();
        expect(job.status, job.error ?? '').toBe('done');
        expect(job.result).toMatchObject({ created: 1 });
      } finally {
        await saveMailSettings(t, superToken, mail);
      }
    }
  });

  it('an untrusted certificate is a TLS failure unless the test config trusts it', async () => {
    const conn = { host: peer.host, port: peer.tlsPort!, security: 'ssl', user: peer.user, password: peer.password, mailbox: 'INBOX', timeoutSeconds: 5 } as const;
    const refused = await openImapMailbox(conn, { uidValidity: '', lastUid: 0 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(MailboxError);
    expect(refused).toMatchObject({ failure: 'tls', detail: expect.stringMatching(/self[- ]signed/i) });
  });

  it('a server that accepts the connection but never greets is a timeout', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const conn = { host: '127.0.0.1', port, security: 'none', user: 'x', password: 'y', mailbox: 'INBOX', timeoutSeconds: 1 } as const;
      const failed = await openImapMailbox(conn, { uidValidity: '', lastUid: 0 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failed).toMatchObject({ failure: 'timeout', detail: `127.0.0.1:${port}` });
    } finally {
      silent.close();
    }
  });
});

describe('scheduled pulls', () => {
  it('a pull is enqueued when the interval has passed, and only then; never when scheduled pulls are off', async () => {
    await peer.append(rawMessage({ from: 'sched@cron.example', subject: 'scheduled', text: 'tick' }));
    const now = new Date(Date.now() + 24 * 3600_000);
    expect(await enqueueDuePull(t.app, now)).toBeNull();

    await saveMailSettings(t, superToken, { ...mail, imap_enabled: true, imap_interval_minutes: 10 });
    const first = await enqueueDuePull(t.app, now);
    expect(first).toEqual(expect.any(Number));
    await t.app.ctx.jobs.whenIdle();
    expect((await pulled()).some((r) => r.from_address === 'sched@cron.example')).toBe(true);

    const status = (await admin().get<MailboxStatus>('/inquiryEmail/status')).data;
    expect(status.next_pull_at).not.toBeNull();
    expect(await enqueueDuePull(t.app, new Date(now.getTime() + 5 * 60_000))).toBeNull();
    const later = await enqueueDuePull(t.app, new Date(now.getTime() + 11 * 60_000));
    expect(later).toEqual(expect.any(Number));
    await t.app.ctx.jobs.whenIdle();
    await saveMailSettings(t, superToken, mail);
  });
});

describe('the operation log', () => {
  it('"pull now" is logged with the job it started', async () => {
    try {
      const name = await inquiryEmailCalls['/api/inquiryEmail/pull']!({ t, superToken, siteId });
      const logged = (await t.client(superToken).get<OptLog[]>('/adminOptLog/index', { operation: 'inquiryEmail.pull', limit: 50 })).data;
      expect(logged.map((e) => e.content_name)).toContain(name);
    } finally {
      await saveMailSettings(t, superToken, mail);
    }
  });
});

describe('who may pull', () => {
  it('an admin without the inbox menu cannot read or pull it; one with it can', async () => {
    const outsider = await adminWithRole(t, superToken, ['inquiry']);
    const o = t.client(outsider.token, { siteId, language: 'en' });
    expect((await o.post('/inquiryEmail/pull')).code).toBe(403);
    expect((await o.get('/inquiryEmail/index')).code).toBe(403);
    const insider = await adminWithRole(t, superToken, ['inquiryEmail']);
    const i = t.client(insider.token, { siteId, language: 'en' });
    expect((await i.get('/inquiryEmail/status')).code).toBe(0);
    const started = await i.post<{ job_id: number }>('/inquiryEmail/pull');
    expect(started.code, started.msg).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect((await i.get<Job>('/job/read', { id: started.data.job_id })).data.status).toBe('done');
  });

  it('a scheduled pull under way is followed by a super-admin, not offered to an admin who cannot read it', async () => {
    const insider = await adminWithRole(t, superToken, ['inquiryEmail']);
    const [row] = await t.db.insert(jobs).values({ kind: 'mailPull', payload: {}, status: 'running' }).returning({ id: jobs.id });
    try {
      expect((await admin().get<MailboxStatus>('/inquiryEmail/status')).data.running_job_id).toBe(row!.id);
      expect((await t.client(insider.token, { siteId }).get<MailboxStatus>('/inquiryEmail/status')).data.running_job_id).toBeNull();
    } finally {
      await t.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, row!.id));
    }
  });
});
