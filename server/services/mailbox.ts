import net from 'node:net';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { MailSecurity } from '../../models/mailSettings';
import { RemoteFetchError, resolveInfrastructureHost } from './remoteFetch';

// The receiving mailbox over IMAP (imapflow), behind a small interface: open the folder, list the UIDs
// newer than the last one seen (a new UIDVALIDITY starts over), fetch and parse one message (mailparser).
// Every failure a mailbox setting can cause becomes a MailboxError naming what is wrong, in words the
// admin can act on: the server cannot be reached, the login was refused, TLS failed, no such folder.

export interface MailboxConnection {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  password: string;
  mailbox: string;
  /** Seconds to wait for the server to answer (connect, greeting, each command). */
  timeoutSeconds?: number;
  /** Accept a self-signed or unknown certificate (tests' loopback peer only). */
  allowUntrustedCertificate?: boolean;
}

export type MailboxFailure = 'connect' | 'timeout' | 'dns' | 'login' | 'tls' | 'mailbox' | 'protocol' | 'forbidden';

/** What went wrong, and the detail the message names (host, folder, the server's own words). */
export class MailboxError extends Error {
  constructor(
    readonly failure: MailboxFailure,
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
  }
}

export interface MailboxCursor {
  /** The folder's UIDVALIDITY when `lastUid` was recorded ('' before the first pull). */
  uidValidity: string;
  lastUid: number;
}

export interface PulledMessage {
  uid: number;
  parsed: ParsedMail;
}

/** An open folder: the new UIDs in order and a way to fetch each. */
export interface MailboxSession {
  uidValidity: string;
  /** UIDs above the cursor (all of them when the folder's UIDVALIDITY changed), ascending. */
  newUids: number[];
  fetch(uid: number): Promise<PulledMessage | null>;
  close(): Promise<void>;
}

/** Opens a mailbox; the production one speaks IMAP, tests may hand the pull a session of their own kind. */
export type MailboxOpener = (conn: MailboxConnection, cursor: MailboxCursor) => Promise<MailboxSession>;

const TLS_CODES = /^(ERR_SSL|ERR_TLS|EPROTO$|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_OSSL|HOSTNAME_MISMATCH)/;

/** Maps what imapflow, the socket or TLS threw onto one of the failures an admin can fix. */
export function mailboxFailure(err: unknown, conn: Pick<MailboxConnection, 'host' | 'port' | 'mailbox'>): MailboxError {
  if (err instanceof MailboxError) return err;
  const e = (err ?? {}) as { code?: string; authenticationFailed?: boolean; responseText?: string; message?: string; library?: string; reason?: string };
  const code = e.code ?? '';
  const text = (e.responseText || e.message || String(err)).slice(0, 300);
  const where = `${conn.host}:${conn.port}`;
  if (e.authenticationFailed) return new MailboxError('login', text);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return new MailboxError('dns', conn.host);
  if (['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ETIMEOUT', 'ETIMEDOUT'].includes(code)) return new MailboxError('timeout', where);
  if (TLS_CODES.test(code) || e.library === 'SSL routines' || /ssl|tls|certificate/i.test(e.message ?? '')) return new MailboxError('tls', e.reason || text);
  if (['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'NoConnection', 'EConnectionClosed', 'ClosedAfterConnectText'].includes(code))
    return new MailboxError('connect', where);
  return new MailboxError('protocol', text);
}

function clientOptions(conn: MailboxConnection, address: string): ImapFlowOptions {
  const ms = (conn.timeoutSeconds ?? 20) * 1000;
  return {
    // The address checked by resolveInfrastructureHost; the name stays the TLS server name.
    host: address,
    ...(net.isIP(conn.host) ? {} : { servername: conn.host }),
    port: conn.port,
    secure: conn.security === 'ssl',
    doSTARTTLS: conn.security === 'starttls' ? true : conn.security === 'none' ? false : undefined,
    auth: { user: conn.user, pass: conn.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: ms,
    greetingTimeout: ms,
    socketTimeout: ms * 3,
    // SNI names a host, never an address.
    tls: { rejectUnauthorized: !conn.allowUntrustedCertificate, ...(net.isIP(conn.host) ? {} : { servername: conn.host }) },
  } as ImapFlowOptions;
}

/** Signs in and opens the folder read-only; every failure comes out as a MailboxError. */
async function openFolder(conn: MailboxConnection) {
  // Never the cloud metadata service or another link-local address (loopback and LAN servers are allowed).
  let pinned: { address: string };
  try {
    pinned = await resolveInfrastructureHost(conn.host);
  } catch (err) {
    if (err instanceof RemoteFetchError && err.reason === 'private_address') throw new MailboxError('forbidden', conn.host);
    throw new MailboxError('dns', conn.host);
  }
  const client = new ImapFlow(clientOptions(conn, pinned.address));
  // A socket error after connect arrives as an 'error' event; without a listener it would crash the process.
  let lastError: unknown = null;
  client.on('error', (err: unknown) => {
    lastError = err;
  });
  const close = async () => {
    try {
      await client.logout();
    } catch {
      client.close();
    }
  };
  try {
    await client.connect();
  } catch (err) {
    client.close();
    throw mailboxFailure(lastError && !(err as { authenticationFailed?: boolean })?.authenticationFailed ? pick(err, lastError) : err, conn);
  }
  try {
    const box = await client.mailboxOpen(conn.mailbox, { readOnly: true });
    return { client, box, close };
  } catch (err) {
    await close();
    const e = err as { responseStatus?: string; serverResponseCode?: string };
    if (e.responseStatus === 'NO' || e.serverResponseCode === 'NONEXISTENT') throw new MailboxError('mailbox', conn.mailbox);
    throw mailboxFailure(err, conn);
  }
}

/** The settings' "test connection": signs in, opens the folder, signs out; answers the folder's message count. */
export async function probeImapMailbox(conn: MailboxConnection): Promise<{ exists: number }> {
  const { box, close } = await openFolder(conn);
  await close();
  return { exists: box.exists };
}

/** Opens the folder over IMAP and lists the UIDs the cursor has not seen. */
export const openImapMailbox: MailboxOpener = async (conn, cursor) => {
  const { client, box, close } = await openFolder(conn);
  try {
    const uidValidity = String(box.uidValidity);
    const from = uidValidity === cursor.uidValidity ? cursor.lastUid + 1 : 1;
    // "n:*" always names the highest message, even when it is below n: keep only the new ones.
    const found = box.exists > 0 ? ((await client.search({ uid: `${from}:*` }, { uid: true })) || []) : [];
    const newUids = found.filter((uid) => uid >= from).sort((a, b) => a - b);
    return {
      uidValidity,
      newUids,
      async fetch(uid) {
        const msg = await client.fetchOne(String(uid), { source: true, uid: true }, { uid: true });
        if (!msg || !msg.source) return null;
        return { uid, parsed: await simpleParser(msg.source) };
      },
      close,
    };
  } catch (err) {
    await close();
    throw mailboxFailure(err, conn);
  }
};

/** connect() may reject with a generic "closed" while the socket reported the real cause first. */
function pick(thrown: unknown, reported: unknown): unknown {
  const code = (thrown as { code?: string })?.code ?? '';
  return ['NoConnection', 'EConnectionClosed', ''].includes(code) ? reported : thrown;
}
