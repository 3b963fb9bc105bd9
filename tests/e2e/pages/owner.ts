import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../helpers/app';
import { createAdmin, superRoleId } from '../../helpers/fixtures';
import { LoginPage, ShellPage } from './admin';

/** A super-admin who already chose their own password, so no change prompt opens on each page load. */
export async function createOwner(t: TestApp, owner: { account: string; password: string; name?: string }) {
  const superToken = await t.login();
  const admin = await createAdmin(t, superToken, { role_id: await superRoleId(t), account: owner.account });
  const token = await t.login(admin.account, admin.password);
  const res = await t.client(token).post('/admin/selfUpdate', { name: owner.name ?? 'Owner', phone: '', code_auth: 2, old_password: admin.password, password: owner.password });
  if (res.code !== 0) throw new Error(`selfUpdate failed: ${res.msg}`);
}

/** A fresh page signed in as that admin, on `at` (the dashboard by default); page errors fail the test. */
export async function signIn(
  browser: Browser,
  t: TestApp,
  owner: { account: string; password: string },
  opts: { at?: string; width?: number; height?: number; lang?: 'zh' | 'en' } = {},
): Promise<{ page: Page; shell: ShellPage }> {
  const page = await browser.newPage({ viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 } });
  page.on('pageerror', (e) => {
    throw e;
  });
  if (opts.lang) await page.addInitScript((l) => localStorage.setItem('language', l), opts.lang);
  const login = new LoginPage(page, t.url);
  await login.open(!opts.at || opts.at === '/' ? '' : `?redirect=${encodeURIComponent(opts.at)}`);
  await login.logIn(owner.account, owner.password);
  const shell = new ShellPage(page, t.url);
  await shell.waitReady();
  await shell.closePersonalCenter();
  return { page, shell };
}
