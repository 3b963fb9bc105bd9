import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { insertColumn, insertModel, insertProhibitedWords, saveContent } from '../helpers/contentFixtures';
import { approve, auditSite, detail, draft, expectOk, reject, setFlow, step, submit, type AuditSite } from '../helpers/auditFixtures';
import type { AuditTrailEntry, CheckListItem } from '../../models/audit';
import type { ContentListItem } from '../../models/content';

// What reviewers see and do in bulk: the check list (mine / all, filters), checkAll, the audit page and
// the trail; and the prohibited-word check on submission.

let t: TestApp;
let superToken: string;
let s: AuditSite;
/** Level-2 and level-1 words unique to this file's run. */
const BANNED = uniqueName('bannedword');
const TOUCHY = uniqueName('touchyword');
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  s = await auditSite(t, superToken);
  await insertProhibitedWords(t, [
    { word: BANNED, level: 2, paraphrase: 'never' },
    { word: TOUCHY, level: 1 },
  ]);
});
afterAll(() => t?.close());

const checkList = async (api = s.reviewers[0].api, query: Record<string, unknown> = {}) => {
  const res = await api.get<CheckListItem[]>('/content/checkList', { limit: 100, ...query });
  expect(res.code, res.msg).toBe(0);
  return res;
};
const ids = (rows: CheckListItem[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('the check list', () => {
  it('"mine" lists what waits for my decision, "all" everything in review; filters narrow both', async () => {
    const [r1, r2, r3] = s.reviewers;
    const site = await insertSite(t, uniqueName('ListSite'));
    // The three reviewers and a second editor manage this site too: a fresh site keeps the list to this test.
    const boss = t.client(superToken, { siteId: site });
    for (const p of [r1, r2, r3, s.editor]) {
      const read = (await boss.get('/admin/read', { id: p.id })).data;
      expect((await boss.post('/admin/update', { ...read, site_ids: [s.siteId, site] })).code).toBe(0);
    }
    const other = await adminWithRole(t, superToken, ['content'], { site_ids: [site] });
    const on = (token: string) => t.client(token, { siteId: site });
    const model = await insertModel(t);
    const news = await insertColumn(t, site, model, { title: 'News' });
    const blog = await insertColumn(t, site, model, { title: 'Blog' });
    await setFlow(boss, 0, [step('countersign', r1, r2), step('either', r3)]);
    await setFlow(boss, blog, [step('either', r2)]);

    const a = await saveContent(on(s.editor.token), news, { title: 'Alpha news' });
    const b = await saveContent(on(s.editor.token), news, { title: 'Beta news' });
    const c = await saveContent(on(other.token), blog, { title: 'Gamma blog' });
    const d = await saveContent(on(s.editor.token), news, { title: 'Delta draft' });
    for (const x of [a, b]) await expectOk(submit(on(s.editor.token), x.id));
    await expectOk(submit(on(other.token), c.id));
    await expectOk(approve({ ...r1, api: on(r1.token) }, a.id));
    await expectOk(approve({ ...r2, api: on(r2.token) }, a.id)); // a → step 2 (r3)
    await expectOk(approve({ ...r1, api: on(r1.token) }, b.id)); // b: r1 done, r2 pending

    const all = await checkList(on(r1.token), { scope: 'all' });
    expect(all.count).toBe(3);
    expect(ids(all.data)).toEqual([a.id, b.id, c.id]);
    expect(ids(all.data)).not.toContain(d.id);
    const alpha = all.data.find((r) => r.id === a.id)!;
    expect(alpha).toMatchObject({
      title: 'Alpha news',
      category_id: news,
      category_title: 'News',
      submitter: s.editor.id,
      step: 2,
      steps: 2,
      mode: 'either',
      mine: false,
      submitted_at: expect.any(String),
    });
    expect(alpha.submitter_name).not.toBe('');

    expect(ids((await checkList(on(r1.token))).data)).toEqual([]);
    const mineR2 = await checkList(on(r2.token));
    expect(ids(mineR2.data)).toEqual([b.id, c.id]);
    expect(mineR2.data.every((r) => r.mine)).toBe(true);
    expect(ids((await checkList(on(r3.token), { scope: 'mine' })).data)).toEqual([a.id]);

    expect(ids((await checkList(on(r2.token), { scope: 'all', category_id: blog })).data)).toEqual([c.id]);
    expect(ids((await checkList(on(r2.token), { scope: 'all', step: 2 })).data)).toEqual([a.id]);
    expect(ids((await checkList(on(r2.token), { scope: 'all', submitter: other.id })).data)).toEqual([c.id]);
    expect(ids((await checkList(on(r2.token), { scope: 'all', keyword: 'beta' })).data)).toEqual([b.id]);
    expect(ids((await checkList(on(r2.token), { category_id: news })).data)).toEqual([b.id]);
    const page = await checkList(on(r2.token), { scope: 'all', limit: 2, page: 2 });
    expect(page.count).toBe(3);
    expect(page.data).toHaveLength(1);

    // The content list shows each item's audit state.
    const list = (await on(s.editor.token).get<ContentListItem[]>('/content/index', { limit: 100 })).data;
    const state = Object.fromEntries(list.map((r) => [r.id, r.check_status]));
    expect(state).toMatchObject({ [a.id]: 'reviewing', [b.id]: 'reviewing', [d.id]: 'draft' });
  });

  it('checkAll approves only the items the caller may approve now and skips the others', async () => {
    const [r1, r2, r3] = s.reviewers;
    const column = await insertColumn(t, s.siteId, await insertModel(t));
    await setFlow(s.boss, column, [step('countersign', r1, r2), step('either', r3)]);
    const mineNow = (await draft(s, { category_id: column })).id;
    const approvedAlready = (await draft(s, { category_id: column })).id;
    const notMyStep = (await draft(s, { category_id: column })).id;
    const notSubmitted = (await draft(s, { category_id: column })).id;
    for (const id of [mineNow, approvedAlready, notMyStep]) await expectOk(submit(s.editor.api, id));
    await expectOk(approve(r1, approvedAlready));
    await expectOk(approve(r1, notMyStep));
    await expectOk(approve(r2, notMyStep));

    const res = await expectOk(r1.api.post('/content/checkAll', { ids: [mineNow, approvedAlready, notMyStep, notSubmitted] }));
    expect(res.data).toEqual({ affected: 1, skipped: 3 });
    expect(res.msg).toBe('已审核通过您当前可以审核的内容，其余已跳过');
    expect((await detail(r2.api, mineNow)).steps[0]!.reviewers.map((r) => r.decision)).toEqual(['approved', 'pending']);
    expect((await detail(r2.api, approvedAlready)).steps[0]!.reviewers.map((r) => r.decision)).toEqual(['approved', 'pending']);
    expect((await detail(r3.api, notMyStep)).step).toBe(2);
    expect((await detail(r3.api, notSubmitted)).state).toBe('draft');

    const done = await expectOk(r2.api.post('/content/checkAll', { ids: [mineNow, approvedAlready] }));
    expect(done.data).toEqual({ affected: 2, skipped: 0 });
    expect(done.msg).toBe('审核已通过');
    expect((await expectOk(r3.api.post('/content/checkAll', { ids: [mineNow, approvedAlready, notMyStep] }))).data).toEqual({ affected: 3, skipped: 0 });
    for (const id of [mineNow, approvedAlready, notMyStep]) expect((await detail(r3.api, id)).state).toBe('published');

  });
});

describe('the audit page and the trail', () => {
  it('shows the body with its words marked, the steps with names and decisions, what the caller may do, and the trail', async () => {
    const [r1, r2, r3] = s.reviewers;
    const column = await insertColumn(t, s.siteId, await insertModel(t), { title: 'Reviewed column' });
    await setFlow(s.boss, column, [step('countersign', r1, r2), step('either', r3)]);
    const { id } = await draft(s, { category_id: column, title: 'Trail piece', author: 'Ann', body: `<p>A ${TOUCHY} remark</p>` });
    const submitted = await expectOk(submit(s.editor.api, id));
    expect(submitted.data.warnings).toEqual([{ title: TOUCHY, level: 1 }]);
    await expectOk(approve(r1, id, 'ok by me'));
    await expectOk(approve(r2, id));
    await expectOk(reject(r3, id, 'Needs a source', 2));
    await expectOk(submit(s.editor.api, id));

    const d = await detail(r2.api, id);
    expect(d).toMatchObject({
      id,
      title: 'Trail piece',
      category_id: column,
      category_title: 'Reviewed column',
      author: 'Ann',
      state: 'reviewing',
      step: 2,
      can_approve: false,
      can_reject: false,
      words: [{ title: TOUCHY, level: 1 }],
    });
    expect(d.marked_body).toBe(`<p>A <mark class="word-level-1">${TOUCHY}</mark> remark</p>`);
    const names = await Promise.all([r1, r2, r3, s.editor].map(async (p) => (await s.boss.get('/admin/read', { id: p.id })).data.nickname as string));
    expect(d.submitter_name).toBe(names[3]);
    expect(d.steps).toEqual([
      {
        mode: 'countersign',
        reviewers: [
          { id: r1.id, name: names[0], decision: 'pending', comment: '' },
          { id: r2.id, name: names[1], decision: 'pending', comment: '' },
        ],
        passed: true,
        current: false,
      },
      { mode: 'either', reviewers: [{ id: r3.id, name: names[2], decision: 'pending', comment: '' }], passed: false, current: true },
    ]);
    expect(await detail(r3.api, id)).toMatchObject({ can_approve: true, can_reject: true });

    const trail = (await s.editor.api.get<AuditTrailEntry[]>('/content/auditTrail', { id })).data;
    expect(trail.map((e) => [e.type, e.by_name, e.step, e.to_step, e.comment])).toEqual([
      ['audit.submit', names[3], 1, null, ''],
      ['audit.approve', names[0], 1, null, 'ok by me'],
      ['audit.approve', names[1], 1, null, ''],
      ['audit.reject', names[2], 2, 2, 'Needs a source'],
      ['audit.submit', names[3], 2, null, ''],
    ]);
    expect(trail.every((e) => !Number.isNaN(Date.parse(e.created_at)))).toBe(true);
    expect(d.trail).toEqual(trail);
  });

  it('the audit page needs contentCheck, the trail content; neither shows another site’s content', async () => {
    const { id } = await draft(s);
    expect((await s.editor.api.get('/content/auditDetail', { id })).status).toBe(403);
    expect((await s.editor.api.get('/content/auditTrail', { id })).code).toBe(0);
    const elsewhere = await adminWithRole(t, superToken, ['contentCheck', 'content'], { site_ids: [await insertSite(t, uniqueName('Away'))] });
    expect((await t.client(elsewhere.token).get('/content/auditDetail', { id })).status).toBe(403);
    expect((await t.client(elsewhere.token).get('/content/auditTrail', { id })).status).toBe(403);
    expect((await t.client(elsewhere.token).post('/content/audit', { id, action: 'approve' })).status).toBe(403);
    expect((await t.client(elsewhere.token).post('/content/checkAll', { ids: [id] })).status).toBe(403);
    expect((await t.client(elsewhere.token).post('/content/submitAudit', { id })).status).toBe(403);
  });
});

describe('prohibited words on submission', () => {
  it('a level-2 word in the body or title blocks submission with the list; nothing is recorded', async () => {
    const [r1] = s.reviewers;
    const column = await insertColumn(t, s.siteId, await insertModel(t));
    await setFlow(s.boss, column, [step('either', r1)]);
    for (const fields of [{ body: `<p>${BANNED} and ${TOUCHY}</p>` }, { title: `Title with ${BANNED}` }]) {
      const { id } = await draft(s, { category_id: column, ...fields });
      const res = await submit(s.editor.api, id);
      expect(res.code).toBe(400);
      expect(res.data).toEqual({ words: [{ title: BANNED, level: 2 }] });
      expect(res.msg).toContain(BANNED);
      expect((await s.editor.api.get('/content/auditTrail', { id })).data).toEqual([]);
      expect((await detail(r1.api, id)).state).toBe('draft');
    }
    const en = await t.client(s.editor.token, { siteId: s.siteId, language: 'en' }).post('/content/submitAudit', { id: (await draft(s, { category_id: column, body: `<p>${BANNED}</p>` })).id });
    expect(en.msg).toBe(`The content contains prohibited words: ${BANNED}. Change them before submitting for review`);
  });

  it('level-1 words warn and the submission goes through', async () => {
    const { id } = await draft(s, { title: `About ${TOUCHY}` });
    await setFlow(s.boss, s.column, [step('either', s.reviewers[0])]);
    const res = await expectOk(submit(s.editor.api, id));
    expect(res.data).toEqual({ state: 'reviewing', step: 1, warnings: [{ title: TOUCHY, level: 1 }] });
  });
});
