import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createAdmin, createRole, expireLoginBlocks, resetLoginThrottle, uniqueAccount } from '../helpers/fixtures';
import { authCodes } from '../../server/db/schema/index';
import { SMS_CODE_LENGTH, SMS_CODE_MAX_TRIES } from '../../models/constants';

let t: TestApp;
let superToken: string;
let roleId: number;
let phoneSeq = 0;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  roleId = await createRole(t, superToken, []);
});
afterAll(() => t?.close());
// Wrong codes count as login failures; this file tests the code rules, throttle.test.ts the throttle.
beforeEach(() => resetLoginThrottle(t));

/** Each test gets its own SMS admin, so the resend cooldown of one does not hold up the next. */
async function smsAdmin() {
  const phone = `1380000${String(++phoneSeq).padStart(4, '0')}`;
  const admin = await createAdmin(t, superToken, { role_id: roleId, code_auth: 1, phone });
  return { ...admin, phone };
}

const login = (body: Record<string, unknown>, language?: string) => t.client(undefined, { language }).post('/account/login', body);
const askCode = (account: string, language?: string) => t.client(undefined, { language }).post('/account/authCode', { account });

/** The code in the last message sent to this phone. */
async function lastCode(phone: string): Promise<string> {
  const sent = (await t.sms.read()).filter((m) => m.phone === phone);
  const text = sent.at(-1)?.text ?? '';
  return new RegExp(`\\b(\\d{${SMS_CODE_LENGTH}})\\b`).exec(text)?.[1] ?? '';
}

describe('SMS login', () => {
  it('an admin with SMS verification cannot log in with the password alone', async () => {
    const a = await smsAdmin();
    const res = await login({ account: a.account, password: a.password }, 'en');
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.data).toEqual({ need_code: true });
    expect(res.msg).toBe('Please enter the SMS verification code');
  });

  it('a wrong password does not reveal that the account uses SMS verification', async () => {
    const a = await smsAdmin();
    const wrong = await login({ account: a.account, password: 'Wrong-pass-1' });
    const unknown = await login({ account: uniqueAccount('ghost'), password: 'Wrong-pass-1' });
    expect(wrong).toEqual(unknown);
    expect(wrong.data).toBeNull();
  });

  it('an admin can ask for a 6-digit code, which arrives at its phone', async () => {
    const a = await smsAdmin();
    const res = await askCode(a.account, 'en');
    expect(res.code).toBe(0);
    expect(res.msg).toBe('If this account uses SMS verification, a code has been sent');
    const sent = (await t.sms.read()).filter((m) => m.phone === a.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/\b\d{6}\b/);
    // Only the code's hash is stored.
    const rows = await t.db.select().from(authCodes).where(eq(authCodes.adminId, a.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(await lastCode(a.phone));
  });

  it('the code logs the admin in once and not twice', async () => {
    const a = await smsAdmin();
    await askCode(a.account);
    const code = await lastCode(a.phone);
    const first = await login({ account: a.account, password: a.password, code });
    expect(first.code).toBe(0);
    expect(first.data.token).toBeTruthy();
    const again = await login({ account: a.account, password: a.password, code }, 'en');
    expect(again.code).toBe(400);
    expect(again.msg).toBe('The SMS code is wrong or has expired');
    expect(again.data).toEqual({ need_code: true });
  });

  it(`${SMS_CODE_MAX_TRIES} wrong codes use the code up`, async () => {
    const a = await smsAdmin();
    await askCode(a.account);
    const code = await lastCode(a.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_TRIES; i++) {
      expect((await login({ account: a.account, password: a.password, code: wrong })).code).toBe(400);
    }
    // Let the account's login throttle pass, so only the code's own rule answers.
    await expireLoginBlocks(t, `account:${a.account}`);
    const res = await login({ account: a.account, password: a.password, code });
    expect(res.code).toBe(400);
    expect(res.data).toEqual({ need_code: true });
  });

  it('a code still works after fewer wrong tries than the limit', async () => {
    const a = await smsAdmin();
    await askCode(a.account);
    const code = await lastCode(a.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_TRIES - 1; i++) await login({ account: a.account, password: a.password, code: wrong });
    expect((await login({ account: a.account, password: a.password, code })).code).toBe(0);
  });

  it('an admin cannot ask for a second code within a minute', async () => {
    const a = await smsAdmin();
    expect((await askCode(a.account)).code).toBe(0);
    const again = await askCode(a.account, 'en');
    expect(again.status).toBe(429);
    expect(again.code).toBe(429);
    expect(again.msg).toMatch(/^Codes are sent too often, try again in \d+ s$/);
    expect((await t.sms.read()).filter((m) => m.phone === a.phone)).toHaveLength(1);
  });

  it('an expired code does not log in', async () => {
    const a = await smsAdmin();
    await askCode(a.account);
    const code = await lastCode(a.phone);
    await t.db.update(authCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authCodes.adminId, a.id));
    const res = await login({ account: a.account, password: a.password, code });
    expect(res.code).toBe(400);
    expect(res.data).toEqual({ need_code: true });
  });

  it('a code must be 6 digits', async () => {
    const a = await smsAdmin();
    const res = await login({ account: a.account, password: a.password, code: '12ab' }, 'en');
    expect(res.code).toBe(400);
    expect(res.msg).toBe('The code is 6 digits');
  });

  it('asking a code for an unknown account answers exactly as for a known one, also when asked twice', async () => {
    const a = await smsAdmin();
    const ghost = uniqueAccount('ghost');
    const known = [await askCode(a.account), await askCode(a.account)];
    const unknown = [await askCode(ghost), await askCode(ghost)];
    const shape = (r: { status: number; code: number; msg: string; data: unknown }) => ({ ...r, msg: r.msg.replace(/\d+/, 'N') });
    expect(unknown.map(shape)).toEqual(known.map(shape));
    expect(known[0]!.code).toBe(0);
  });

  it('an admin without SMS verification gets no code', async () => {
    const plain = await createAdmin(t, superToken, { role_id: roleId, phone: '13911112222' });
    const res = await askCode(plain.account);
    expect(res.code).toBe(0);
    expect((await t.sms.read()).filter((m) => m.phone === '13911112222')).toEqual([]);
  });
});
