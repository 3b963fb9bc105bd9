import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

// A real SMTP server on 127.0.0.1 for the mail tests (smtp-server): it signs in one account, refuses
// recipients on a "refused" domain, keeps every message it accepted and parses it with mailparser.
// `security` picks plain, TLS from the first byte (a self-signed certificate made with openssl at test
// time) or STARTTLS.

export interface ReceivedMail {
  /** RCPT TO addresses. */
  recipients: string[];
  mailFrom: string;
  /** The account the client signed in with ('' when it did not). */
  user: string;
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpPeer {
  port: number;
  user: string;
  password: string;
  /** The certificate (PEM) a TLS peer presents; '' for a plain one. */
  cert: string;
  received: ReceivedMail[];
  /** Waits until `n` messages arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A domain whose addresses the peer refuses at RCPT TO (550). */
export const REFUSED_DOMAIN = 'refused.example.org';

let certificate: { key: string; cert: string } | null = null;
/** A self-signed certificate for 127.0.0.1 / localhost, made once per test process (`fresh`: another one each call). */
export function selfSignedCertificate(fresh = false): { key: string; cert: string } {
  if (certificate && !fresh) return certificate;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-smtp-cert-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
    { stdio: 'ignore' },
  );
  const made = { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  fs.rmSync(dir, { recursive: true, force: true });
  if (!fresh) certificate = made;
  return made;
}

/** `untrusted`: the TLS peer presents a certificate of its own, one the app was not told to trust. */
export async function startSmtpPeer(opts: { security?: 'none' | 'ssl' | 'starttls'; user?: string; password?: string; untrusted?: boolean } = {}): Promise<SmtpPeer> {
  const security = opts.security ?? 'none';
  const user = opts.user ?? 'sender@banyan.test';
  const password = opts.password ?? 'smtp-secret-1';
  const tls = security === 'none' ? null : selfSignedCertificate(opts.untrusted);
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const options: SMTPServerOptions = {
    secure: security === 'ssl',
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    disabledCommands: security === 'none' ? ['STARTTLS'] : [],
    allowInsecureAuth: security === 'none',
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
      const err = new Error('Invalid username or password') as Error & { responseCode: number };
      err.responseCode = 535;
      return callback(err);
    },
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith('@' + REFUSED_DOMAIN)) {
        const err = new Error(`<${address.address}>: Recipient address rejected`) as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              recipients: session.envelope.rcptTo.map((r) => r.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              user: String(session.user ?? ''),
              raw,
              parsed,
            });
            waiters.splice(0).forEach((w) => w());
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  };
  const server = new SMTPServer(options);
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  return {
    port,
    user,
    password,
    cert: tls?.cert ?? '',
    received,
    async waitFor(n, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received.slice(0, n);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}
