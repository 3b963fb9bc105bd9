import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createSite } from '../helpers/sites';
import { WebsiteSettings } from '../../models/website';
import type { OptLog } from '../../models/logs';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const readSettings = async (token: string, siteId: number) => {
  const res = await t.client(token).get<WebsiteSettings>('/websiteSetting/index', { site_id: siteId });
  expect(res.code).toBe(0);
  return res.data;
};

describe('site settings', () => {
  it('a new site answers every setting with its default', async () => {
    const site = await createSite(t, superToken);
    expect(await readSettings(superToken, site)).toEqual(WebsiteSettings.parse({}));
  });

  it('saved settings read back, and settings not sent keep their values', async () => {
    const site = await createSite(t, superToken);
    const first = { site_id: site, logo: '/uploads/logo.png', icp_number: '京ICP备12345678号', alias_rule: 'initial', grey_out: true, seo_title: 'Home' };
    expect((await t.client(superToken).post('/websiteSetting/update', first)).code).toBe(0);
    expect((await t.client(superToken).post('/websiteSetting/update', { site_id: site, author: 'Editor' })).code).toBe(0);
    expect(await readSettings(superToken, site)).toEqual({ ...WebsiteSettings.parse({}), ...first, site_id: undefined, author: 'Editor' });
  });

  it('the site comes from X-Site-Id when no site_id is given', async () => {
    const site = await createSite(t, superToken);
    await t.client(superToken).post('/websiteSetting/update', { site_id: site, author: 'Header' });
    const res = await t.client(superToken, { siteId: site }).get<WebsiteSettings>('/websiteSetting/index');
    expect(res.data.author).toBe('Header');
  });

  it('a static path leaving the data directory is refused, naming the field', async () => {
    const site = await createSite(t, superToken);
    const res = await t.client(superToken).post('/websiteSetting/update', { site_id: site, static_path: 'sites/../../etc' });
    expect(res.status).toBe(400);
    expect((res.data as { issues: Array<{ field: string }> }).issues[0]!.field).toBe('static_path');
  });

  it('an admin bound to site A gets 403 on the settings of site B', async () => {
    const a = await createSite(t, superToken);
    const b = await createSite(t, superToken);
    const admin = await adminWithRole(t, superToken, ['websiteSetting'], { site_ids: [a] });
    expect((await t.client(admin.token).get('/websiteSetting/index', { site_id: b })).status).toBe(403);
    expect((await t.client(admin.token).post('/websiteSetting/update', { site_id: b, author: 'x' })).status).toBe(403);
    expect((await t.client(admin.token).post('/websiteSetting/update', { site_id: a, author: 'ok' })).code).toBe(0);
  });

  it('a deleted site has no settings', async () => {
    const site = await createSite(t, superToken);
    await t.client(superToken).post('/website/delete', { ids: [site] });
    expect((await t.client(superToken).get('/websiteSetting/index', { site_id: site })).status).toBe(404);
  });
});

describe('raw-script settings', () => {
  it('only a super-admin changes the statistics and customer-service code', async () => {
    const site = await createSite(t, superToken);
    const admin = await adminWithRole(t, superToken, ['websiteSetting'], { site_ids: [site] });
    const script = '<script>console.log("stats")</script>';
    for (const key of ['statistics_code', 'customer_service_code']) {
      const res = await t.client(admin.token, { language: 'en' }).post('/websiteSetting/update', { site_id: site, [key]: script });
      expect(res.status, key).toBe(403);
      expect(res.msg).toMatch(/super-admin/);
    }
    expect((await readSettings(superToken, site)).statistics_code).toBe('');
    expect((await t.client(superToken).post('/websiteSetting/update', { site_id: site, statistics_code: script })).code).toBe(0);
    expect((await readSettings(superToken, site)).statistics_code).toBe(script);
  });

  it('an admin may save the whole form back with the scripts unchanged, and change the rest', async () => {
    const site = await createSite(t, superToken);
    await t.client(superToken).post('/websiteSetting/update', { site_id: site, customer_service_code: '<script>chat()</script>' });
    const admin = await adminWithRole(t, superToken, ['websiteSetting'], { site_ids: [site] });
    const current = await readSettings(admin.token, site);
    const res = await t.client(admin.token).post('/websiteSetting/update', { ...current, site_id: site, author: 'Admin' });
    expect(res.code).toBe(0);
    expect(await readSettings(superToken, site)).toMatchObject({ author: 'Admin', customer_service_code: '<script>chat()</script>' });
    expect((await t.client(admin.token).post('/websiteSetting/update', { site_id: site, author: 'Again' })).code).toBe(0);
    expect(await readSettings(superToken, site)).toMatchObject({ author: 'Again', customer_service_code: '<script>chat()</script>' });
  });

  it('a change of raw scripts is written to the operation log with the new code', async () => {
    const site = await createSite(t, superToken, { name: 'Logged site' });
    await t.client(superToken).post('/websiteSetting/update', { site_id: site, statistics_code: '<script>track(42)</script>' });
    const { data } = await t.client(superToken).get<OptLog[]>('/adminOptLog/index', { operation: 'websiteSetting.update', limit: 50 });
    const entry = data.find((e) => e.content_name === 'Logged site (statistics_code)');
    expect(entry).toBeDefined();
    expect(JSON.parse(entry!.content)).toMatchObject({ site_id: site, statistics_code: '<script>track(42)</script>' });
  });
});
