import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('login', () => {
  it('a super-admin can log in and gets a token, pass_tips and the menu', async () => {
    const res = await t.client().post('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    expect(res.code).toBe(0);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.data.pass_tips).toBe(true);
    expect(res.data.menu.map((m: { key: string }) => m.key)).toEqual(['website', 'market', 'system']);
  });

  it('a wrong password is refused with the same message as an unknown account', async () => {
    const wrong = await t.client().post('/account/login', { account: SUPER_ACCOUNT, password: 'nope-123456' });
    const unknown = await t.client().post('/account/login', { account: 'ghost@example.com', password: 'nope-123456' });
    expect(wrong.code).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.code).toBe(400);
    expect(wrong.msg).toBe(unknown.msg);
    expect(wrong.msg).toBe('账号或密码错误');
  });

  it('answers in English when the client asks for English', async () => {
    const res = await t.client(undefined, { language: 'en' }).post('/account/login', { account: SUPER_ACCOUNT, password: 'nope' });
    expect(res.msg).toBe('Incorrect account or password');
  });

  it('a missing field is a 400 that names the field', async () => {
    const res = await t.client().post('/account/login', { account: SUPER_ACCOUNT });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('password');
  });
});
