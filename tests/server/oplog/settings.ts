import type { OpLogCalls, OpLogContext } from './types';
import { withSmtpPeer } from './inquiries';
import { startImapPeer } from '../../helpers/imapPeer';
import { MailSettings } from '../../../models/mailSettings';

/** One call per mutating route: System settings: upload, storage, footer, session, mail and company (issues 4, 13). */
const client = ({ t, superToken }: OpLogContext) => t.client(superToken);
const ok = async (res: Promise<{ code: number; msg: string; data: any }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};

export const settingsCalls: OpLogCalls = {
  '/api/sysSetting/update': async (ctx) => {
    // Saves the upload group as it is, so other tests keep their settings.
    const { upload } = await ok(client(ctx).get('/sysSetting/index'));
    await ok(client(ctx).post('/sysSetting/update', { group: 'upload', values: upload }));
    return 'upload';
  },
  '/api/sysSetting/testMail': async (ctx) => {
    await withSmtpPeer(ctx, () => ok(client(ctx).post('/sysSetting/testMail', { to: 'logged@banyan.test' })));
    return 'logged@banyan.test';
  },
  '/api/sysSetting/testImap': async (ctx) => {
    // A private Dovecot on loopback for the length of the call (tests/helpers/imapPeer.ts).
    const peer = await startImapPeer();
    try {
      const values = MailSettings.parse({ imap_host: peer.host, imap_port: peer.port, imap_security: 'none', imap_user: peer.user, imap_password: peer.password });
      await ok(client(ctx).post('/sysSetting/testImap', { values }));
      return `${peer.user}@${peer.host}:${peer.port}`;
    } finally {
      await peer.stop();
    }
  },
  '/api/sysSetting/testStorage': async (ctx) => {
    await ok(client(ctx).post('/sysSetting/testStorage', { method: 'local' }));
    return 'local';
  },
};
