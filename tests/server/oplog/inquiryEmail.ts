import type { OpLogCalls } from './types';
import { saveMailSettings } from '../../helpers/mailSettings';

/**
 * The mutating route of the e-mail inbox, for the "every mutating call is logged" test: "pull now" with a
 * mailbox that points at a closed loopback port (the job fails; the call that started it is what is logged).
 */
export const inquiryEmailCalls: OpLogCalls = {
  '/api/inquiryEmail/pull': async ({ t, superToken, siteId }) => {
    await saveMailSettings(t, superToken, { imap_host: '127.0.0.1', imap_port: 9, imap_security: 'none', imap_user: 'logged', imap_password: 'x', imap_site_id: siteId });
    const res = await t.client(superToken, { siteId }).post<{ job_id: number }>('/inquiryEmail/pull');
    if (res.code !== 0) throw new Error(`call failed: ${res.code} ${res.msg}`);
    await t.app.ctx.jobs.whenIdle();
    return `#${res.data.job_id}`;
  },
};
