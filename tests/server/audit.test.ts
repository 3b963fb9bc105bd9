import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { approve, auditSite, decisions, detail, draft, expectOk, reject, setFlow, step, submit, type AuditSite } from '../helpers/auditFixtures';
import type { AuditFlow } from '../../models/audit';
import type { Content } from '../../models/content';

// The audit flow through the API: settings, either-one and countersign, rejection to a step, withdrawal by
// editing, direct publishing, and what the chart refuses (409, nothing changes).

let t: TestApp;
let superToken: string;
let s: AuditSite;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  s = await auditSite(t, superToken);
});
afterAll(() => t?.close());

const read = async (id: number) => (await t.client(superToken).get<Content>('/content/read', { id })).data;
/** A fresh column of the site with its own flow. */
async function columnWith(steps: Parameters<typeof setFlow>[2]) {
  const column = await insertColumn(t, s.siteId, await insertModel(t));
  await setFlow(s.boss, column, steps);
  return column;
}
const article = async (column: number) => (await draft(s, { category_id: column })).id;

describe('audit flow settings', () => {
  it('a site flow applies to its columns until a column overrides it; null makes the column inherit again', async () => {
    const site = await insertSite(t, uniqueName('FlowSite'));
    const column = await insertColumn(t, site, await insertModel(t));
    const boss = t.client(superToken, { siteId: site });
    const [r1] = s.reviewers;
    expect((await boss.get<AuditFlow>('/auditFlow/read')).data).toEqual({ category_id: 0, steps: [], inherited: false });

    // r1 manages another site only; the super-admin may manage every site.
    const superId = (await boss.get('/admin/current')).data.id as number;
    const res = await boss.post('/auditFlow/save', { category_id: 0, steps: [{ mode: 'countersign', reviewers: [superId, r1.id] }] });
    expect(res.code).toBe(400);
    expect(res.data.issues[0].field).toBe('steps.0.reviewers.1');
    expect(res.msg).toContain('审核人必须是能管理本站点的管理员');

    await setFlow(boss, 0, [{ mode: 'countersign', reviewers: [superId] }]);
    expect((await boss.get<AuditFlow>('/auditFlow/read', { category_id: column })).data).toEqual({
      category_id: column,
      steps: [{ mode: 'countersign', reviewers: [superId] }],
      inherited: true,
    });
    await setFlow(boss, column, []);
    expect((await boss.get<AuditFlow>('/auditFlow/read', { category_id: column })).data).toEqual({ category_id: column, steps: [], inherited: false });
    await setFlow(boss, column, null);
    expect((await boss.get<AuditFlow>('/auditFlow/read', { category_id: column })).data.inherited).toBe(true);
    expect((await boss.get<AuditFlow>('/auditFlow/read')).data.steps).toEqual([{ mode: 'countersign', reviewers: [superId] }]);
  });

  it('a flow names existing admins of the site, each once, in steps that have reviewers', async () => {
    const [r1] = s.reviewers;
    const outsider = await adminWithRole(t, superToken, ['contentCheck'], { site_ids: [await insertSite(t, uniqueName('Elsewhere'))] });
    const cases: Array<[unknown, string]> = [
      [[{ mode: 'either', reviewers: [2_000_000_000] }], 'steps.0.reviewers.0'],
      [[{ mode: 'either', reviewers: [r1.id] }, { mode: 'either', reviewers: [outsider.id] }], 'steps.1.reviewers.0'],
      [[{ mode: 'either', reviewers: [] }], 'steps.0.reviewers'],
      [[{ mode: 'either', reviewers: [r1.id, r1.id] }], 'steps.0.reviewers'],
      [[{ mode: 'sometimes', reviewers: [r1.id] }], 'steps.0.mode'],
    ];
    const before = (await s.boss.get<AuditFlow>('/auditFlow/read', { category_id: s.otherColumn })).data;
    for (const [steps, field] of cases) {
      const res = await t.client(superToken, { siteId: s.siteId, language: 'en' }).post('/auditFlow/save', { category_id: s.otherColumn, steps });
      expect(res.code, JSON.stringify(steps)).toBe(400);
      expect(res.data.issues[0].field).toBe(field);
    }
    const en = await t.client(superToken, { siteId: s.siteId, language: 'en' }).post('/auditFlow/save', { category_id: s.otherColumn, steps: [{ mode: 'either', reviewers: [] }] });
    expect(en.msg).toContain('Each audit step needs at least one reviewer');
    expect((await s.boss.get<AuditFlow>('/auditFlow/read', { category_id: s.otherColumn })).data).toEqual(before);
  });

  it('editors and reviewers read flows; saving needs website settings (site) or columns (column)', async () => {
    expect((await s.editor.api.get('/auditFlow/read')).code).toBe(0);
    expect((await s.reviewers[0].api.get('/auditFlow/read', { category_id: s.column })).code).toBe(0);
    expect((await s.editor.api.post('/auditFlow/save', { category_id: 0, steps: [] })).status).toBe(403);
    const columnsAdmin = await adminWithRole(t, superToken, ['category'], { site_ids: [s.siteId] });
    const asColumns = t.client(columnsAdmin.token, { siteId: s.siteId });
    expect((await asColumns.post('/auditFlow/save', { category_id: 0, steps: [] })).status).toBe(403);
    expect((await asColumns.post('/auditFlow/save', { category_id: s.otherColumn, steps: null })).code).toBe(0);
    const nobody = await adminWithRole(t, superToken, ['contentTag'], { site_ids: [s.siteId] });
    expect((await t.client(nobody.token, { siteId: s.siteId }).get('/auditFlow/read')).status).toBe(403);
  });
});

describe('reviewing', () => {
  it('either-one: any one of three reviewers passes the step and the last step publishes', async () => {
    const [r1, r2, r3] = s.reviewers;
    const column = await columnWith([step('either', r1, r2, r3)]);
    const id = await article(column);
    const submitted = await expectOk(submit(s.editor.api, id));
    expect(submitted.data).toEqual({ state: 'reviewing', step: 1, warnings: [] });
    expect(await read(id)).toMatchObject({ check_status: 'reviewing', status: 2, published_at: null });
    await expectOk(approve(r2, id, 'fine'));
    expect(await read(id)).toMatchObject({ check_status: 'published', status: 1, published_at: expect.any(String) });
    const d = await detail(r1.api, id);
    expect(d).toMatchObject({ state: 'published', step: 0, can_approve: false, can_reject: false });
    expect(decisions(d)).toEqual([['pending', 'approved', 'pending']]);
    expect(d.steps[0]!.reviewers[1]).toMatchObject({ id: r2.id, comment: 'fine' });
  });

  it('countersign: the step waits for every one of three reviewers, then the next step (either-one) decides', async () => {
    const [r1, r2, r3] = s.reviewers;
    const column = await columnWith([step('countersign', r1, r2, r3), step('either', r3)]);
    const id = await article(column);
    await expectOk(submit(s.editor.api, id));
    await expectOk(approve(r1, id));
    await expectOk(approve(r3, id));
    let d = await detail(r2.api, id);
    expect(d).toMatchObject({ state: 'reviewing', step: 1, can_approve: true });
    expect(decisions(d)).toEqual([['approved', 'pending', 'approved'], ['pending']]);
    expect((await detail(r1.api, id)).can_approve).toBe(false);
    await expectOk(approve(r2, id));
    d = await detail(r3.api, id);
    expect(d).toMatchObject({ state: 'reviewing', step: 2, can_approve: true });
    expect(d.steps.map((x) => [x.passed, x.current])).toEqual([[true, false], [false, true]]);
    expect((await read(id)).status).toBe(2);
    await expectOk(approve(r3, id));
    expect(await read(id)).toMatchObject({ check_status: 'published', status: 1 });
  });

  it('a rejection names the step the next submission starts at; resubmitting starts there', async () => {
    const [r1, r2, r3] = s.reviewers;
    const column = await columnWith([step('either', r1), step('either', r2), step('either', r3)]);
    const id = await article(column);
    await expectOk(submit(s.editor.api, id));
    await expectOk(approve(r1, id));
    await expectOk(approve(r2, id));
    await expectOk(reject(r3, id, 'Fix the second paragraph', 2));
    let d = await detail(r3.api, id);
    expect(d).toMatchObject({ state: 'rejected', step: 0 });
    expect(d.steps[2]!.reviewers[0]).toMatchObject({ decision: 'rejected', comment: 'Fix the second paragraph' });
    expect((await read(id)).check_status).toBe('rejected');

    const again = await expectOk(submit(s.editor.api, id));
    expect(again.data).toMatchObject({ state: 'reviewing', step: 2 });
    d = await detail(r2.api, id);
    expect(d).toMatchObject({ step: 2, can_approve: true });
    expect(decisions(d)).toEqual([['pending'], ['pending'], ['pending']]);
    expect((await detail(r1.api, id)).can_approve).toBe(false);
    await expectOk(approve(r2, id));
    await expectOk(approve(r3, id));
    expect((await read(id)).check_status).toBe('published');
  });

  it('editing content in review withdraws it; restoring a revision does too; the next submission starts at step 1', async () => {
    const [r1, r2] = s.reviewers;
    const column = await columnWith([step('either', r1), step('either', r2)]);
    const id = await article(column);
    await expectOk(submit(s.editor.api, id));
    await expectOk(approve(r1, id));
    const current = await read(id);
    await expectOk(s.editor.api.post('/content/update', { ...current, title: 'Edited in review' }));
    expect(await read(id)).toMatchObject({ check_status: 'draft', title: 'Edited in review' });
    const trail = (await s.editor.api.get('/content/auditTrail', { id })).data as Array<{ type: string; by: number; step: number }>;
    expect(trail.map((e) => e.type)).toEqual(['audit.submit', 'audit.approve', 'audit.withdraw']);
    expect(trail[2]).toMatchObject({ by: s.editor.id, step: 2 });
    expect((await approve(r2, id)).code).toBe(409);

    expect((await expectOk(submit(s.editor.api, id))).data.step).toBe(1);
    const revisions = (await s.editor.api.get('/content/revisions', { id })).data as Array<{ id: number; version: number }>;
    const now = await read(id);
    await expectOk(s.editor.api.post('/content/restoreRevision', { id, revision_id: revisions.find((r) => r.version === 1)!.id, version: now.version }));
    expect((await read(id)).check_status).toBe('draft');
    // Editing a draft appends nothing.
    await expectOk(s.editor.api.post('/content/update', { ...(await read(id)), title: 'Edited draft' }));
    const after = (await s.editor.api.get('/content/auditTrail', { id })).data as Array<{ type: string }>;
    expect(after.map((e) => e.type)).toEqual(['audit.submit', 'audit.approve', 'audit.withdraw', 'audit.submit', 'audit.withdraw']);
  });

  it('without steps content publishes on submission, also where a column overrides a site flow with none', async () => {
    const site = await insertSite(t, uniqueName('NoFlow'));
    const model = await insertModel(t);
    const column = await insertColumn(t, site, model);
    const boss = t.client(superToken, { siteId: site });
    const id = (await boss.post('/content/save', { category_id: column, title: 'Direct', body: '<p>x</p>' })).data.id as number;
    const res = await expectOk(submit(boss, id));
    expect(res.data).toEqual({ state: 'published', step: 0, warnings: [] });
    expect(res.msg).toBe('本栏目无需审核，已直接发布');
    expect(await read(id)).toMatchObject({ check_status: 'published', status: 1, published_at: expect.any(String) });

    const superId = (await boss.get('/admin/current')).data.id as number;
    await setFlow(boss, 0, [{ mode: 'either', reviewers: [superId] }]);
    const free = await insertColumn(t, site, model);
    await setFlow(boss, free, []);
    const other = (await boss.post('/content/save', { category_id: free, title: 'Free', body: '<p>x</p>' })).data.id as number;
    expect((await expectOk(submit(boss, other))).data.state).toBe('published');
    const gated = (await boss.post('/content/save', { category_id: column, title: 'Gated', body: '<p>x</p>' })).data.id as number;
    expect((await expectOk(submit(boss, gated))).data.state).toBe('reviewing');
  });
});

describe('what the chart refuses answers 409 and changes nothing', () => {
  const snapshotOf = async (id: number) => ({ detail: await detail(t.client(superToken, { siteId: s.siteId }), id), content: await read(id) });

  it('a non-reviewer, a reviewer of another step, a second approval, a rejection to a later step, a resubmission', async () => {
    const [r1, r2, r3] = s.reviewers;
    const column = await columnWith([step('countersign', r1, r2), step('either', r3)]);
    const id = await article(column);
    expect((await approve(r1, id)).code).toBe(409); // not submitted yet
    await expectOk(submit(s.editor.api, id));
    await expectOk(approve(r1, id));
    const before = await snapshotOf(id);
    const outsider = await adminWithRole(t, superToken, ['contentCheck'], { site_ids: [s.siteId] });
    const refusals: Array<[Promise<{ code: number; msg: string }>, string]> = [
      [t.client(outsider.token, { siteId: s.siteId }).post('/content/audit', { id, action: 'approve' }), '您不是当前审核步骤的审核人'],
      [approve(r3, id), '您不是当前审核步骤的审核人'],
      [reject(r3, id, 'not mine'), '您不是当前审核步骤的审核人'],
      [approve(r1, id), '您已审核通过当前步骤，不能重复审核'],
      [reject(r2, id, 'later', 2), '只能驳回到当前步骤或之前的步骤'],
      [submit(s.editor.api, id), '该内容正在审核中，不能重复提交'],
    ];
    for (const [call, msg] of refusals) {
      const res = await call;
      expect(res.code, msg).toBe(409);
      expect(res.msg).toBe(msg);
    }
    const en = await t.client(r1.token, { siteId: s.siteId, language: 'en' }).post('/content/audit', { id, action: 'approve' });
    expect(en.msg).toBe('You have already approved the current step');
    expect(await snapshotOf(id)).toEqual(before);
  });

  it('a rejection needs a comment (400 naming the field); nothing changes', async () => {
    const [r1] = s.reviewers;
    const column = await columnWith([step('either', r1)]);
    const id = await article(column);
    await expectOk(submit(s.editor.api, id));
    const before = await snapshotOf(id);
    for (const comment of ['', '   ']) {
      const res = await reject(r1, id, comment);
      expect(res.code).toBe(400);
      expect((res.data as { issues: Array<{ field: string }> }).issues[0]!.field).toBe('comment');
      expect(res.msg).toContain('驳回时请填写审核意见');
    }
    expect(await snapshotOf(id)).toEqual(before);
  });

  it('two reviewers approving a countersign step at once are both counted; two approving an either-one step publish once', async () => {
    const [r1, r2, r3] = s.reviewers;
    const countersign = await columnWith([step('countersign', r1, r2), step('either', r3)]);
    const either = await columnWith([step('either', r1, r2)]);
    const ROUNDS = 4;
    const a = await Promise.all(Array.from({ length: ROUNDS }, () => article(countersign)));
    const b = await Promise.all(Array.from({ length: ROUNDS }, () => article(either)));
    const c = await Promise.all(Array.from({ length: ROUNDS }, () => article(countersign)));
    for (const id of [...a, ...b, ...c]) await expectOk(submit(s.editor.api, id));
    // Every approval of every item at once.
    const [both, race, twice] = await Promise.all([
      Promise.all(a.flatMap((id) => [approve(r1, id), approve(r2, id)])),
      Promise.all(b.flatMap((id) => [approve(r1, id), approve(r2, id)])),
      Promise.all(c.flatMap((id) => [approve(r1, id), approve(r1, id)])),
    ]);
    expect(both.map((r) => r.code)).toEqual(Array(2 * ROUNDS).fill(0));
    for (const id of a) {
      expect(await detail(r3.api, id)).toMatchObject({ state: 'reviewing', step: 2, can_approve: true });
      expect(await read(id)).toMatchObject({ check_status: 'reviewing' });
    }
    const inReview = (await r3.api.get<Array<{ id: number; step: number }>>('/content/checkList', { limit: 100 })).data;
    expect(inReview.filter((r) => a.includes(r.id)).map((r) => r.step)).toEqual(Array(ROUNDS).fill(2));

    for (let i = 0; i < ROUNDS; i++) expect([race[2 * i]!.code, race[2 * i + 1]!.code].sort()).toEqual([0, 409]);
    for (const id of b) {
      const trail = (await s.editor.api.get('/content/auditTrail', { id })).data as Array<{ type: string }>;
      expect(trail.map((e) => e.type)).toEqual(['audit.submit', 'audit.approve']);
      expect(await read(id)).toMatchObject({ check_status: 'published', status: 1 });
    }

    for (let i = 0; i < ROUNDS; i++) expect([twice[2 * i]!.code, twice[2 * i + 1]!.code].sort()).toEqual([0, 409]);
    for (const id of c) {
      expect(decisions(await detail(r1.api, id))).toEqual([['approved', 'pending'], ['pending']]);
      const mine = (await r2.api.get<Array<{ id: number }>>('/content/checkList', { limit: 100 })).data.map((r) => r.id);
      expect(mine).toContain(id);
      expect((await r1.api.get<Array<{ id: number }>>('/content/checkList', { limit: 100 })).data.map((r) => r.id)).not.toContain(id);
    }
  });
});

describe('publishing where a flow applies', () => {
  it('save, update, editStatus and recommendAndStatus cannot publish content the audit has not published', async () => {
    const [r1] = s.reviewers;
    const column = await columnWith([step('either', r1)]);
    const saved = await s.editor.api.post('/content/save', { category_id: column, title: 'Eager', body: '<p>x</p>', status: 1 });
    expect(saved.code).toBe(409);
    expect(saved.msg).toBe('“Eager”所在栏目需要审核，审核通过后才能发布，请先提交审核');
    const id = await article(column);
    const current = await read(id);
    expect((await s.editor.api.post('/content/update', { ...current, status: 1 })).code).toBe(409);
    expect((await s.editor.api.post('/content/editStatus', { ids: [id], status: 1 })).code).toBe(409);
    const en = await t.client(s.editor.token, { siteId: s.siteId, language: 'en' }).post('/content/recommendAndStatus', { ids: [id], status: 1, is_recommend: true });
    expect(en.code).toBe(409);
    expect(en.msg).toContain('submit it for review');
    expect(await read(id)).toMatchObject({ status: 2, is_recommend: false, version: current.version, published_at: null });

    await expectOk(submit(s.editor.api, id));
    await expectOk(approve(r1, id));
    await expectOk(s.editor.api.post('/content/editStatus', { ids: [id], status: 2 }));
    await expectOk(s.editor.api.post('/content/editStatus', { ids: [id], status: 1 }));
    expect(await read(id)).toMatchObject({ status: 1, check_status: 'published' });
  });
});
