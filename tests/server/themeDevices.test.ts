import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { installTheme, setSiteSettings } from '../helpers/publicFixtures';
import { ACTIVE_FILE, siteThemesDir } from '../../server/public/themes';
import type { ThemeInfo, ThemeSharing } from '../../models/themes';

// PC/mobile themes (active.json's `mobile`, POST /theme/activate {device}) and template sharing on the themes screen.

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let t: TestApp;
let token: string;
const site = { id: 0, domain: uniqueDomain('devices') };
const child = { id: 0, domain: uniqueDomain('devices-child') };

function page(host: string, pathname: string, userAgent: string): Promise<{ status: number; body: string; vary?: string }> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: pathname, headers: { host, 'user-agent': userAgent } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), vary: res.headers.vary }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
const theme = (mark: string) => ({
  'templates/index.liquid': `<p id="mark">${mark}</p>`,
  'templates/404.liquid': 'missing',
  'assets/style.css': `/* ${mark} */`,
});
const api = (siteId = site.id) => t.client(token, { siteId, language: 'en' });
const themesOf = async (siteId = site.id) => (await api(siteId).get<ThemeInfo[]>('/theme/index')).data;
const flags = async (siteId = site.id) =>
  Object.fromEntries((await themesOf(siteId)).map((th) => [th.folder, [th.active, th.mobile_active]]));
const activeJson = async () => JSON.parse(await fs.readFile(path.join(siteThemesDir(t.dataDir, site.id), ACTIVE_FILE), 'utf8')) as unknown;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  token = await t.login();
  site.id = await createSite(t, token, { name: 'Devices Parent', domain: site.domain });
  child.id = await createSite(t, token, { name: 'Devices Child', domain: child.domain, parent_id: site.id });
  await installTheme(t, site.id, theme('MOBILE-THEME'), 'phone');
  await installTheme(t, site.id, theme('PC-THEME'), 'desk');
});
afterAll(() => t?.close());

describe('a separate mobile theme', () => {
  it('cannot be set while PC/mobile sharing is on; everyone gets the PC theme', async () => {
    const res = await api().post('/theme/activate', { folder: 'phone', device: 'mobile' });
    expect(res.code).not.toBe(0);
    expect(res.msg).toMatch(/PC\/mobile sharing/);
    const zhRes = await t.client(token, { siteId: site.id, language: 'zh' }).post('/theme/activate', { folder: 'phone', device: 'mobile' });
    expect(zhRes.msg).toContain('PC 和手机共用模板');
    expect(await activeJson()).toEqual({ theme: 'desk' });
    expect((await page(site.domain, '/', IPHONE)).body).toContain('PC-THEME');
    expect((await page(site.domain, '/', DESKTOP)).vary).toBeUndefined();
    expect(await flags()).toEqual({ default: [false, false], desk: [true, false], phone: [false, false] });
    const bad = await api().post('/theme/activate', { folder: 'phone', device: 'tablet' });
    expect(bad.code).not.toBe(0);
  });

  it('with sharing off, mobile visitors get the mobile theme and PC visitors the PC one', async () => {
    await setSiteSettings(t, site.id, { pc_mobile_sharing: false });
    // Before a mobile theme is chosen, mobile follows PC.
    expect(await flags()).toEqual({ default: [false, false], desk: [true, true], phone: [false, false] });
    expect((await page(site.domain, '/', IPHONE)).body).toContain('PC-THEME');

    const res = await api().post('/theme/activate', { folder: 'phone', device: 'mobile' });
    expect(res).toMatchObject({ code: 0, msg: 'Theme activated for mobile' });
    expect(await activeJson()).toEqual({ theme: 'desk', mobile: 'phone' });
    expect(await flags()).toEqual({ default: [false, false], desk: [true, false], phone: [false, true] });

    const mobile = await page(site.domain, '/', IPHONE);
    expect(mobile.body).toContain('MOBILE-THEME');
    expect(mobile.vary).toBe('User-Agent');
    const desktop = await page(site.domain, '/', DESKTOP);
    expect(desktop.body).toContain('PC-THEME');
    expect(desktop.vary).toBe('User-Agent');
    // Theme assets follow the device too.
    expect((await page(site.domain, '/theme-assets/style.css', IPHONE)).body).toContain('MOBILE-THEME');
    expect((await page(site.domain, '/theme-assets/style.css', DESKTOP)).body).toContain('PC-THEME');

    // Activating for PC keeps the mobile choice; the mobile theme cannot be deleted.
    expect((await api().post('/theme/activate', { folder: 'default' })).code).toBe(0);
    expect(await activeJson()).toEqual({ mobile: 'phone' });
    expect((await page(site.domain, '/', IPHONE)).body).toContain('MOBILE-THEME');
    const del = await api().post('/theme/delete', { folder: 'phone' });
    expect(del.code).not.toBe(0);
    expect(del.msg).toMatch(/active/i);
    expect((await api().post('/theme/activate', { folder: 'desk' })).code).toBe(0);
  });

  it('the shipped default can be the mobile theme; choosing the PC theme for mobile drops the separate one', async () => {
    expect((await api().post('/theme/activate', { folder: 'default', device: 'mobile' })).code).toBe(0);
    expect(await activeJson()).toEqual({ theme: 'desk', mobile: 'default' });
    expect((await page(site.domain, '/', IPHONE)).body).toContain('class="page-home"');
    expect(await flags()).toEqual({ default: [false, true], desk: [true, false], phone: [false, false] });

    expect((await api().post('/theme/activate', { folder: 'desk', device: 'mobile' })).code).toBe(0);
    expect(await activeJson()).toEqual({ theme: 'desk' });
    const mobile = await page(site.domain, '/', IPHONE);
    expect(mobile.body).toContain('PC-THEME');
    expect(mobile.vary).toBeUndefined();
  });

  it('turning sharing back on gives everyone the PC theme again', async () => {
    expect((await api().post('/theme/activate', { folder: 'phone', device: 'mobile' })).code).toBe(0);
    expect((await page(site.domain, '/', IPHONE)).body).toContain('MOBILE-THEME');
    await setSiteSettings(t, site.id, { pc_mobile_sharing: true });
    expect((await page(site.domain, '/', IPHONE)).body).toContain('PC-THEME');
    expect(await flags()).toEqual({ default: [false, false], desk: [true, false], phone: [false, false] });
    await setSiteSettings(t, site.id, { pc_mobile_sharing: false });
  });
});

describe('template sharing', () => {
  it('the themes screen of a sub-site says it uses its parent’s themes, and pages follow the parent’s devices', async () => {
    const own = (await api(child.id).get<ThemeSharing>('/theme/sharing')).data;
    expect(own).toEqual({ uses_parent: false, parent: null, separate_mobile: false });
    await setSiteSettings(t, child.id, { template_sharing: true });
    const shared = await api(child.id).get<ThemeSharing>('/theme/sharing');
    expect(shared.code).toBe(0);
    expect(shared.data).toEqual({ uses_parent: true, parent: { id: site.id, name: 'Devices Parent' }, separate_mobile: false });
    expect((await api().get<ThemeSharing>('/theme/sharing')).data).toEqual({ uses_parent: false, parent: null, separate_mobile: true });
    // The parent has sharing off and a mobile theme: the child's pages render like the parent's.
    expect((await page(child.domain, '/', IPHONE)).body).toContain('MOBILE-THEME');
    expect((await page(child.domain, '/', DESKTOP)).body).toContain('PC-THEME');
  });

  it('needs the theme permission', async () => {
    const res = await t.client('no-such-token', { siteId: site.id }).get('/theme/sharing');
    expect(res.code).not.toBe(0);
  });
});
