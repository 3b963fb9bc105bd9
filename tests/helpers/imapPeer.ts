import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

// A private Dovecot IMAP server on loopback for the mailbox tests (Debian's dovecot-imapd, which .ci/run
// installs): its own config, passwd-file, maildirs, base_dir and state_dir in a temp dir, a free port,
// plain login allowed (loopback only). Run as root it drops mail processes to the `dovecot` user; run as
// anyone else it runs every process as that user. Messages are put in with IMAP APPEND.

export const DOVECOT = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';

export interface ImapPeer {
  host: string;
  port: number;
  user: string;
  password: string;
  dir: string;
  /** The implicit-TLS (imaps) port, when started with `tls` (a self-signed certificate for 127.0.0.1). */
  tlsPort: number | null;
  /** Appends a raw RFC 822 message to a folder (INBOX by default); answers its UID. */
  append(raw: string | Buffer, mailbox?: string): Promise<number>;
  /** A port nothing listens on (for the "cannot connect" case). */
  closedPort(): Promise<number>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function systemUser(name: string): { uid: number; gid: number } | null {
  const out = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  return out.status === 0 && gid.status === 0 ? { uid: Number(out.stdout.trim()), gid: Number(gid.stdout.trim()) } : null;
}

async function waitForPort(port: number, child: ChildProcess, logFile: string, timeoutMs = 15_000) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited (${child.exitCode}): ${await fs.readFile(logFile, 'utf8').catch(() => '')}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() - started > timeoutMs) throw new Error(`dovecot did not listen on ${port}: ${await fs.readFile(logFile, 'utf8').catch(() => '')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startImapPeer(opts: { user?: string; password?: string; tls?: boolean } = {}): Promise<ImapPeer> {
  const user = opts.user ?? 'inbox@example.test';
  const password = opts.password ?? 'Mailbox-Pass-1';
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-imap-'));
  await fs.chmod(dir, 0o755);
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // As root, mail processes run as the `dovecot` user (it owns the maildirs); otherwise as ourselves.
  const mailOwner = asRoot ? systemUser('dovecot') : { uid: process.getuid!(), gid: process.getgid!() };
  if (!mailOwner) throw new Error('the dovecot system user is missing (install dovecot-imapd)');
  const me = os.userInfo().username;
  for (const d of ['run', 'state', 'mail']) await fs.mkdir(path.join(dir, d), { mode: 0o755 });
  if (asRoot) await fs.chown(path.join(dir, 'mail'), mailOwner.uid, mailOwner.gid);
  await fs.writeFile(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`, { mode: 0o644 });
  const logFile = path.join(dir, 'dovecot.log');
  const tlsPort = opts.tls ? await freePort() : null;
  if (opts.tls) {
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
  }
  const ssl = opts.tls ? `ssl = yes\nssl_cert = <${dir}/cert.pem\nssl_key = <${dir}/key.pem` : 'ssl = no';
  const conf = `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logFile}
${ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = ${asRoot ? 'dovecot' : me}
default_login_user = ${asRoot ? 'dovenull' : me}
first_valid_uid = ${Math.min(mailOwner.uid, 100)}
first_valid_gid = ${Math.min(mailOwner.gid, 100)}
mail_location = maildir:${dir}/mail/%n
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailOwner.uid} gid=${mailOwner.gid} home=${dir}/mail/%n
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tlsPort ?? 0}
  }
}
service anvil {
  chroot =
  # No growing delay after the wrong-password case (Dovecot's auth penalty).
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
  await fs.writeFile(path.join(dir, 'dovecot.conf'), conf);
  const child = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    await waitForPort(port, child, logFile);
  } catch (err) {
    child.kill('SIGTERM');
    throw new Error(`${(err as Error).message}\n${stderr}`);
  }

  const connect = async () => {
    const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, doSTARTTLS: false, auth: { user, pass: password }, logger: false });
    await client.connect();
    return client;
  };
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    dir,
    tlsPort,
    async append(raw, mailbox = 'INBOX') {
      const client = await connect();
      try {
        if (mailbox !== 'INBOX') await client.mailboxCreate(mailbox).catch(() => undefined);
        const res = await client.append(mailbox, raw);
        return res && typeof res === 'object' && 'uid' in res ? Number(res.uid) : 0;
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
    closedPort: freePort,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** A raw RFC 822 message with a text body and, optionally, one binary attachment (base64). */
export function rawMessage(m: {
  from: string;
  to?: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string | null;
  date?: Date;
  attachment?: { name: string; type: string; bytes: Buffer };
}): string {
  const boundary = `b-${Math.random().toString(36).slice(2)}`;
  const headers = [
    `From: ${m.from}`,
    `To: ${m.to ?? 'inbox@example.test'}`,
    `Subject: =?UTF-8?B?${Buffer.from(m.subject).toString('base64')}?=`,
    `Date: ${(m.date ?? new Date()).toUTCString()}`,
    ...(m.messageId === null ? [] : [`Message-ID: ${m.messageId ?? `<${Math.random().toString(36).slice(2)}@example.test>`}`]),
    'MIME-Version: 1.0',
  ];
  const body = m.html
    ? { type: 'text/html; charset=utf-8', content: Buffer.from(m.html).toString('base64') }
    : { type: 'text/plain; charset=utf-8', content: Buffer.from(m.text ?? '').toString('base64') };
  const wrap = (b64: string) => b64.replace(/.{1,76}/g, '$&\r\n');
  if (!m.attachment) return [...headers, `Content-Type: ${body.type}`, 'Content-Transfer-Encoding: base64', '', wrap(body.content)].join('\r\n');
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    `Content-Type: ${body.type}`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap(body.content),
    `--${boundary}`,
    `Content-Type: ${m.attachment.type}; name="${m.attachment.name}"`,
    `Content-Disposition: attachment; filename="${m.attachment.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap(m.attachment.bytes.toString('base64')),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
