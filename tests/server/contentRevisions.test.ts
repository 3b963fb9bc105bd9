import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import type { Content, ContentRevision, ContentRevisionDetail, StaleSave } from '../../models/content';

// Saving keeps a revision and bumps the version; a save on an older version is refused with who and when.

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let columnA: number;
let columnB: number;
let alice: { token: string; nickname: string };
let bob: { token: string; nickname: string };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'RevA');
  siteB = await insertSite(t, 'RevB');
  const model = await insertModel(t, [{ name: 'price', type: 'number' }]);
  columnA = await insertColumn(t, siteA, model);
  columnB = await insertColumn(t, siteB, model);
  const nicknameA = uniqueName('Alice');
  const nicknameB = uniqueName('Bob');
  alice = { ...(await adminWithRole(t, superToken, ['content'], { site_ids: [siteA], nickname: nicknameA })), nickname: nicknameA };
  bob = { ...(await adminWithRole(t, superToken, ['content'], { site_ids: [siteA], nickname: nicknameB })), nickname: nicknameB };
});
afterAll(() => t?.close());

const as = (who: { token: string }, lang?: string) => t.client(who.token, { siteId: siteA, language: lang });
const read = async (id: number) => (await as(alice).get<Content>('/content/read', { id })).data;
const revisions = async (id: number) => {
  const res = await as(alice).get<ContentRevision[]>('/content/revisions', { id });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

describe('stale saves', () => {
  it('a save made on a version someone else has saved meanwhile is refused with who saved it and when; nothing is overwritten', async () => {
    const { id } = await saveContent(as(alice), columnA, { title: 'Original' });
    const aliceCopy = await read(id);
    const bobCopy = await read(id);
    const bobSave = await as(bob).post('/content/update', { ...bobCopy, title: 'Bob was here' });
    expect(bobSave.data).toEqual({ id, version: 2 });

    const stale = await as(alice).post<StaleSave>('/content/update', { ...aliceCopy, title: 'Alice overwrites' });
    expect(stale.status).toBe(409);
    expect(stale.data).toEqual({ version: 2, updated_by_name: bob.nickname, updated_at: expect.any(String) });
    expect(Date.now() - new Date(stale.data.updated_at).getTime()).toBeLessThan(60_000);
    expect(stale.msg).toContain(bob.nickname);
    expect(stale.msg).toContain('第 2 版');
    const en = await as(alice, 'en').post('/content/update', { ...aliceCopy, title: 'Alice overwrites' });
    expect(en.msg).toMatch(new RegExp(`^${bob.nickname} saved this content as version 2 at .+; reload it before editing`));
    expect(await read(id)).toMatchObject({ title: 'Bob was here', version: 2, updated_by_name: bob.nickname });
    expect((await revisions(id)).map((r) => r.version)).toEqual([2, 1]);
  });

  it('after reloading the latest version the save goes through', async () => {
    const { id } = await saveContent(as(alice), columnA);
    await as(bob).post('/content/update', { ...(await read(id)), title: 'Bob first' });
    const latest = await read(id);
    const res = await as(alice).post('/content/update', { ...latest, title: 'Alice second' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.version).toBe(3);
  });

  it('a pin, recommendation or status change made from the list also makes an open editor’s copy stale', async () => {
    const { id } = await saveContent(as(alice), columnA);
    const open = await read(id);
    await as(bob).post('/content/topOpt', { ids: [id], is_top: true });
    const res = await as(alice).post('/content/update', { ...open, title: 'Would unpin' });
    expect(res.status).toBe(409);
    expect(res.data.updated_by_name).toBe(bob.nickname);
    expect((await read(id)).is_top).toBe(true);
  });

  it('of two saves racing on the same version exactly one wins', async () => {
    const { id } = await saveContent(as(alice), columnA);
    const copy = await read(id);
    const results = await Promise.all([
      as(alice).post('/content/update', { ...copy, title: 'Alice races' }),
      as(bob).post('/content/update', { ...copy, title: 'Bob races' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200) === results[0] ? 'Alice races' : 'Bob races';
    expect(await read(id)).toMatchObject({ title: winner, version: 2 });
    expect((await revisions(id)).map((r) => r.version)).toEqual([2, 1]);
  });

  it('a version from the future is refused too', async () => {
    const { id } = await saveContent(as(alice), columnA);
    expect((await as(alice).post('/content/update', { ...(await read(id)), version: 7 })).status).toBe(409);
  });
});

describe('revisions', () => {
  it('every save keeps a revision: newest first, with who made it and how', async () => {
    const { id } = await saveContent(as(alice), columnA, { title: 'v1' });
    await as(bob).post('/content/update', { ...(await read(id)), title: 'v2' });
    const list = await revisions(id);
    expect(list.map((r) => [r.version, r.note, r.created_by_name])).toEqual([
      [2, 'updated', bob.nickname],
      [1, 'created', alice.nickname],
    ]);
  });

  it('a revision comes with the current content for a diff', async () => {
    const { id } = await saveContent(as(alice), columnA, { title: 'First', body: '<p>one</p>', tags: ['x'], fields: { price: 1 } });
    await as(alice).post('/content/update', { ...(await read(id)), title: 'Second', body: '<p>two</p>', tags: ['y'], fields: { price: 2 } });
    const first = (await revisions(id)).find((r) => r.version === 1)!;
    const res = await as(alice).get<ContentRevisionDetail>('/content/revision', { id: first.id });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.revision).toMatchObject({ id: first.id, version: 1, note: 'created', created_by_name: alice.nickname });
    expect(res.data.revision.snapshot).toMatchObject({ title: 'First', body: '<p>one</p>', tags: ['x'], fields: { price: 1 }, category_id: columnA });
    expect(res.data.current).toMatchObject({ title: 'Second', body: '<p>two</p>', tags: ['y'], fields: { price: 2 }, version: 2 });
  });

  it('restoring a revision saves it as a new version; the flags stay as they are now', async () => {
    const { id } = await saveContent(as(alice), columnA, { title: 'Good', body: '<p>good</p>', tags: ['keep'], fields: { price: 5 } });
    await as(alice).post('/content/update', { ...(await read(id)), title: 'Bad', body: '<p>bad</p>', tags: ['drop'], fields: { price: 6 } });
    await as(alice).post('/content/editStatus', { ids: [id], status: 1 });
    const first = (await revisions(id)).find((r) => r.version === 1)!;
    const res = await as(bob).post('/content/restoreRevision', { id, revision_id: first.id, version: 3 });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe('已恢复为所选版本');
    expect(res.data).toEqual({ id, version: 4 });
    expect(await read(id)).toMatchObject({ title: 'Good', body: '<p>good</p>', tags: ['keep'], fields: { price: 5 }, status: 1, version: 4, updated_by_name: bob.nickname });
    expect((await revisions(id))[0]).toMatchObject({ version: 4, note: 'restored:1', created_by_name: bob.nickname });
  });

  it('restoring on a stale version is refused', async () => {
    const { id } = await saveContent(as(alice), columnA);
    await as(bob).post('/content/update', { ...(await read(id)), title: 'Moved on' });
    const first = (await revisions(id)).find((r) => r.version === 1)!;
    const res = await as(alice).post('/content/restoreRevision', { id, revision_id: first.id, version: 1 });
    expect(res.status).toBe(409);
    expect((await read(id)).title).toBe('Moved on');
  });

  it('a revision of another content item cannot be restored onto this one', async () => {
    const one = await saveContent(as(alice), columnA);
    const two = await saveContent(as(alice), columnA);
    const [revisionOfTwo] = await revisions(two.id);
    const res = await as(alice).post('/content/restoreRevision', { id: one.id, revision_id: revisionOfTwo!.id, version: 1 });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('该历史版本不存在');
  });

  it('an editor cannot see or restore revisions of another site’s content', async () => {
    const other = await saveContent(t.client(superToken, { siteId: siteB }), columnB);
    const [revision] = (await t.client(superToken).get<ContentRevision[]>('/content/revisions', { id: other.id })).data;
    expect((await as(alice).get('/content/revisions', { id: other.id })).status).toBe(403);
    expect((await as(alice).get('/content/revision', { id: revision!.id })).status).toBe(403);
    expect((await as(alice).post('/content/restoreRevision', { id: other.id, revision_id: revision!.id, version: 1 })).status).toBe(403);
  });
});
