import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { insertContent } from '../helpers/marketingFixtures';
import type { DashboardData } from '../../models/dashboard';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const dashboard = async (token: string) => {
  const res = await t.client(token).get<DashboardData>('/dashboard/index');
  expect(res.code).toBe(0);
  return res.data;
};

describe('the dashboard', () => {
  it('shows the super-admin real counts of what exists, and null for modules not installed yet', async () => {
    await insertSite(t, 'Second');
    const d = await dashboard(superToken);
    expect(d.running_days).toBeGreaterThanOrEqual(1);
    expect(d.sites).toBe(2);
    expect(d.admins).toBe(1);
    expect(d.roles).toBe(1);
    expect(d.logins_today).toBe(1);
    // Content and inquiries exist (issue 6 adds the contact form).
    expect(d.articles).toBe(0);
    // Site keywords (issue 11): none yet.
    expect(d.keywords).toBe(0);
    expect(d.inquiries).toBe(0);
    expect(d.traffic.today).toEqual({ visitors: 0, page_views: 0 });
    expect(d.trend).toHaveLength(30);
    expect(d.regions).toEqual([]);
    expect(d.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(d.recent_logins[0]).toMatchObject({ ip: '127.0.0.1' });
  });

  it('counts only the sites an admin manages, and hides figures of screens its role lacks', async () => {
    const mine = await insertSite(t, 'Mine');
    await insertSite(t, 'NotMine');
    const limited = await adminWithRole(t, superToken, ['adminOptLog'], { site_ids: [mine] });
    const d = await dashboard(limited.token);
    expect(d.sites).toBe(1);
    // Articles of its own sites only; deleted ones do not count.
    await insertContent(t, mine, { title: 'Mine' });
    await insertContent(t, mine, { title: 'Binned', deletedAt: new Date() });
    await insertContent(t, await insertSite(t, 'Elsewhere'), { title: 'Not mine' });
    expect((await dashboard(limited.token)).articles).toBe(1);
    expect((await dashboard(superToken)).articles).toBe(2);
    expect('admins' in d).toBe(false);
    expect('roles' in d).toBe(false);
    expect('logins_today' in d).toBe(false);
    // Its own recent logins only.
    expect(d.recent_logins).toHaveLength(1);
  });
});
