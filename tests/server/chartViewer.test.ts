import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { approve, auditSite, draft, expectOk, setFlow, step, submit, type AuditSite } from '../helpers/auditFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { pluginEvents, seoReportEvents, seoReports } from '../../server/db/schema/index';
import type { ChartRecord } from '../../models/chartViewer';
import type { MenuItem } from '../../models/menu';
import { walkTree } from '../../models/menu';

// The statechart viewer's record endpoint (issue 16): GET /chartViewer/record answers a record's stored
// events, each with the state after it, and the state the server's replay derives; super-admins only.

let t: TestApp;
let superToken: string;
let s: AuditSite;
let inReview: number;
let reportId: number;
const PLUGIN_ID = 'viewer-test-plugin';

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  s = await auditSite(t, superToken);
  await setFlow(s.boss, 0, [step('either', s.reviewers[0]), step('either', s.reviewers[1])]);
  inReview = (await draft(s, { title: 'Viewer article' })).id;
  await expectOk(submit(s.editor.api, inReview));
  await expectOk(approve(s.reviewers[0], inReview)); // step 1 done, still reviewing at step 2
  await t.db.insert(pluginEvents).values([
    { pluginId: PLUGIN_ID, type: 'plugin.install', payload: { version: '1.0.0' } },
    { pluginId: PLUGIN_ID, type: 'plugin.installed', payload: {} },
    { pluginId: PLUGIN_ID, type: 'plugin.disable', payload: {} },
  ]);
  const [report] = await t.db.insert(seoReports).values({ siteId: s.siteId, createdBy: 1 }).returning({ id: seoReports.id });
  reportId = report!.id;
  await t.db.insert(seoReportEvents).values([
    { reportId, event: { type: 'report.progress', checked: 1, total: 2 } },
    { reportId, event: { type: 'report.complete', score: 90, pages: 2 } },
  ]);
});
afterAll(() => t?.close());

const record = (token: string, query: Record<string, unknown>, language: 'zh' | 'en' = 'zh') =>
  t.client(token, { language }).get<ChartRecord>('/chartViewer/record', query);

describe('a super-admin reads a record replayed from its stored events', () => {
  it('audit: the content in review, its submit and approval, and the state after each', async () => {
    const res = await record(superToken, { chart: 'audit', id: inReview });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.state).toBe('reviewing');
    expect(res.data.events.map((e) => [e.event.type, e.state])).toEqual([
      ['audit.submit', 'reviewing'],
      ['audit.approve', 'reviewing'],
    ]);
    expect(Date.parse(res.data.events[0]!.time)).not.toBeNaN();
  });

  it('plugin: install, installed, disable end in disabled', async () => {
    const res = await record(superToken, { chart: 'plugin', id: PLUGIN_ID });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.state).toBe('disabled');
    expect(res.data.events.map((e) => e.state)).toEqual(['installing', 'enabled', 'disabled']);
    expect(res.data.events[0]!.event).toEqual({ type: 'plugin.install', version: '1.0.0' });
  });

  it('SEO report: progress then complete end in done (the chart\'s own state value, not the listed label)', async () => {
    const res = await record(superToken, { chart: 'seoReport', id: reportId });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.state).toBe('done');
    expect(res.data.events.map((e) => [e.event.type, e.state])).toEqual([
      ['report.progress', { following: 'running' }],
      ['report.complete', 'done'],
    ]);
  });

  it('a content never submitted is in its initial state with no events', async () => {
    const fresh = (await draft(s, { title: 'Never submitted' })).id;
    const res = await record(superToken, { chart: 'audit', id: fresh });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.events).toEqual([]);
  });
});

describe('what the record endpoint refuses', () => {
  const refused = async (token: string, query: Record<string, unknown>, code: number, zh: string, en: string) => {
    const before = await dbFingerprint(t, ['login_logs', 'login_throttle', 'sessions', 'admin_opt_logs']);
    const res = await record(token, query);
    expect(res.code).toBe(code);
    expect(res.msg).toContain(zh);
    // Nothing of the record leaks; a 400 only names the field.
    expect(res.data === null || Object.keys(res.data as object).join() === 'issues').toBe(true);
    const resEn = await record(token, query, 'en');
    expect(resEn.code).toBe(code);
    expect(resEn.msg).toContain(en);
    expect(changedTables(before, await dbFingerprint(t, ['login_logs', 'login_throttle', 'sessions', 'admin_opt_logs']))).toEqual([]);
  };

  it('an editor without the viewer menu cannot read a record', async () => {
    await refused(s.editor.token, { chart: 'audit', id: inReview }, 403, '没有权限', 'permission');
  });

  it('a role granted the viewer menu is still not a super-admin and cannot read a record', async () => {
    const granted = await adminWithRole(t, superToken, ['chartViewer', 'content']);
    await refused(granted.token, { chart: 'audit', id: inReview }, 403, '只有超级管理员', 'Only super-admins');
    // Nor does it see the page in its menu or authority.
    const menu = await t.client(granted.token).get<{ authority: string[]; menu: MenuItem[] }>('/adminmenu/getUserMenuList');
    expect(menu.code, menu.msg).toBe(0);
    expect(menu.data.authority).not.toContain('/ChartViewer/index');
    expect([...walkTree(menu.data.menu)].map((m) => m.key)).not.toContain('chartViewer');
  });

  it('a bad query refuses, words the field and reads nothing', async () => {
    await refused(superToken, { chart: 'upload', id: 1 }, 400, 'audit', 'audit');
    await refused(superToken, { chart: 'audit', id: 'abc' }, 400, '记录编号无效', 'Invalid record id');
    await refused(superToken, { chart: 'audit', id: '0' }, 400, '记录编号无效', 'Invalid record id');
    await refused(superToken, { chart: 'audit', id: '-3' }, 400, '记录编号无效', 'Invalid record id');
    await refused(superToken, { chart: 'seoReport', id: '99999999999' }, 400, '记录编号无效', 'Invalid record id');
    await refused(superToken, { chart: 'plugin', id: '../etc' }, 400, '记录编号无效', 'Invalid record id');
    await refused(superToken, { chart: 'audit' }, 400, '', '');
  });

  it('a record that does not exist answers 404', async () => {
    await refused(superToken, { chart: 'audit', id: 2_000_000_000 }, 404, '记录不存在', 'does not exist');
    await refused(superToken, { chart: 'seoReport', id: 2_000_000_000 }, 404, '记录不存在', 'does not exist');
    await refused(superToken, { chart: 'plugin', id: 'no-such-plugin' }, 404, '记录不存在', 'does not exist');
  });

  it('the super-admin sees the viewer in the system menu', async () => {
    const menu = await t.client(superToken).get<{ authority: string[]; menu: MenuItem[] }>('/adminmenu/getUserMenuList');
    expect(menu.data.authority).toContain('/ChartViewer/index');
    expect([...walkTree(menu.data.menu)].map((m) => m.key)).toContain('chartViewer');
  });
});
