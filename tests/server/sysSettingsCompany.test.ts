import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage, runStaticJob, setSiteSettings } from '../helpers/publicFixtures';
import type { SysSettingsView } from '../../models/sysSettings';
import type { CompanySettings } from '../../models/companySettings';
import { jobs } from '../../server/db/schema/index';
import { STATIC_GEN_JOB } from '../../server/operations/staticGen/job';

// The company group of the system settings (/SysSetting/index, issue 13): name, phone, e-mail and address,
// kept by the admins of the menu, checked field by field, and shown by the default theme's footer on every
// site, live and in static output.

let t: TestApp;
let superToken: string;
let settingsAdmin: { token: string };
let outsider: { token: string };
const site = { id: 0, domain: uniqueDomain('company') };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  superToken = await t.login();
  site.id = await createSite(t, superToken, { name: 'Company Site', domain: site.domain });
  await setSiteSettings(t, site.id, { language: 'en' });
  settingsAdmin = await adminWithRole(t, superToken, ['sysSetting'], { site_ids: [site.id] });
  outsider = await adminWithRole(t, superToken, ['content'], { site_ids: [site.id] });
});
afterAll(() => t?.close());

const update = (values: Record<string, unknown>, token = superToken, language = 'en') => t.client(token, { language }).post('/sysSetting/update', { group: 'company', values });
const companyOf = async (token = superToken) => {
  const res = await t.client(token).get<SysSettingsView>('/sysSetting/index');
  expect(res.code, res.msg).toBe(0);
  return res.data.company;
};
const ACME: CompanySettings = { name: 'Acme Tea Co.', phone: '+86 571 8888-6666', email: 'hello@acme-tea.test', address: '88 West Lake Road, Hangzhou' };

describe('the company settings', () => {
  it('start empty, and an admin with the settings menu (not only a super-admin) saves and reads them back', async () => {
    expect(await companyOf()).toEqual({ name: '', phone: '', email: '', address: '' });
    const res = await update({ ...ACME, name: '  Acme Tea Co.  ' }, settingsAdmin.token);
    expect(res.code, res.msg).toBe(0);
    expect(await companyOf(settingsAdmin.token)).toEqual(ACME);
    expect(await companyOf()).toEqual(ACME);
  });

  it('a phone with letters or an e-mail without a domain is refused, naming the field, in the caller’s language', async () => {
    const phone = await update({ ...ACME, phone: 'call 555-1234' });
    expect([phone.status, JSON.stringify(phone.data)]).toEqual([400, expect.stringContaining('values.phone')]);
    expect(phone.msg).toMatch(/digits, spaces, dashes/);
    const zh = await update({ ...ACME, phone: '86+571' }, superToken, 'zh');
    expect([zh.status, zh.msg]).toEqual([400, expect.stringContaining('数字')]);
    const email = await update({ ...ACME, email: 'hello@' });
    expect([email.status, JSON.stringify(email.data)]).toEqual([400, expect.stringContaining('values.email')]);
    expect(email.msg).toMatch(/not a valid e-mail address/);
    const long = await update({ ...ACME, address: 'x'.repeat(301) });
    expect([long.status, JSON.stringify(long.data)]).toEqual([400, expect.stringContaining('values.address')]);
    expect(await companyOf()).toEqual(ACME);
  });

  it('an admin without the settings menu can neither read nor change them', async () => {
    expect((await t.client(outsider.token).get('/sysSetting/index')).status).toBe(403);
    expect((await update({ ...ACME, name: 'Hijacked' }, outsider.token)).status).toBe(403);
    expect((await companyOf()).name).toBe(ACME.name);
  });
});

describe('the company on the public pages', () => {
  it('the default theme’s footer shows the name, phone, e-mail and address, escaped', async () => {
    expect((await update({ ...ACME, name: 'Acme <Tea> & Co.' })).code).toBe(0);
    const home = await getPage(t, '/', site.domain);
    expect(home.status).toBe(200);
    const footer = home.body.slice(home.body.indexOf('<footer'));
    expect(footer).toContain('<strong data-company-name>Acme &lt;Tea&gt; &amp; Co.</strong>');
    expect(footer).toContain(`<a href="tel:+865718888-6666" data-company-phone>${ACME.phone}</a>`);
    expect(footer).toContain(`<a href="mailto:${ACME.email}" data-company-email>${ACME.email}</a>`);
    expect(footer).toContain(`Address: <span data-company-address>${ACME.address}</span>`);
    expect(home.body).not.toContain('<Tea>');
  });

  it('only the parts that are set are shown, and nothing at all when the company is empty', async () => {
    expect((await update({ name: 'Just A Name', phone: '', email: '', address: '' })).code).toBe(0);
    const partial = (await getPage(t, '/', site.domain)).body;
    expect(partial).toContain('data-company-name>Just A Name<');
    for (const part of ['data-company-phone', 'data-company-email', 'data-company-address']) expect(partial).not.toContain(part);
    expect((await update({ name: '', phone: '', email: '', address: '' })).code).toBe(0);
    expect((await getPage(t, '/', site.domain)).body).not.toContain('data-company');
  });

  it('static pages follow a company change by themselves, equal to the live pages, on every site with static output', async () => {
    const second = { id: 0, domain: uniqueDomain('company-two') };
    second.id = await createSite(t, superToken, { name: 'Second Site', domain: second.domain });
    const outDir = (id: number) => path.join(t.dataDir, 'static', `site-${id}`);
    await runStaticJob(t, superToken, site.id, { scope: 'site' });
    await runStaticJob(t, superToken, second.id, { scope: 'site' });
    const home = (id: number) => fs.readFile(path.join(outDir(id), 'index.html'), 'utf8');
    expect(await home(site.id)).not.toContain('Static Tea Co');

    expect((await update({ ...ACME, name: 'Static Tea Co' })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    for (const s of [site, second]) {
      expect(await home(s.id)).toContain('data-company-name>Static Tea Co<');
      expect(await home(s.id)).toBe((await getPage(t, '/', s.domain)).body);
    }

    // Saving the same values again changes no page: no run is queued.
    const runs = async () => (await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, STATIC_GEN_JOB))).length;
    const before = await runs();
    expect((await update({ ...ACME, name: 'Static Tea Co' })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await runs()).toBe(before);
  });
});
