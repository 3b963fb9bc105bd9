import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { prohibitedWords } from '../../server/db/schema/index';
import type { ProhibitedWord, WordImportResult } from '../../models/prohibitedWord';

let t: TestApp;
let superToken: string;
let keeper: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  // The dictionary is global: an admin bound to no site at all manages it.
  keeper = await adminWithRole(t, superToken, ['prohibitedWord']);
});
afterAll(() => t?.close());

const c = (language?: string) => t.client(keeper.token, { language });
const words = async (query: Record<string, unknown> = {}) => (await c().get<ProhibitedWord[]>('/prohibitedWord/index', { limit: 200, ...query })).data;

describe('prohibited-word dictionary', () => {
  it('starts empty: nothing is seeded', async () => {
    expect(await t.db.select().from(prohibitedWords)).toEqual([]);
  });

  it('an admin adds, finds, edits and deletes words for good, whatever site is chosen', async () => {
    const site = await insertSite(t, 'WordsAnySite');
    const saved = await t.client(keeper.token, { siteId: site }).post<{ id: number }>('/prohibitedWord/save', { word: '赌博', level: 2, type: '违法', paraphrase: '非法赌博' });
    expect(saved.code, saved.msg).toBe(0);
    expect((await c().get<ProhibitedWord>('/prohibitedWord/read', { id: saved.data.id })).data).toMatchObject({ word: '赌博', level: 2, type: '违法', paraphrase: '非法赌博' });
    expect((await c().post('/prohibitedWord/update', { id: saved.data.id, word: '赌博', level: 1 })).code).toBe(0);
    expect((await words({ word: '赌' })).map((w) => [w.word, w.level, w.type])).toEqual([['赌博', 1, '']]);
    expect((await c().post('/prohibitedWord/delete', { ids: [saved.data.id] })).code).toBe(0);
    expect(await t.db.select().from(prohibitedWords)).toEqual([]);
    // Deleted for good: nothing waits in the recycle bin.
    expect((await t.client(superToken).get('/recycleBin/types')).data).not.toContain('prohibitedWord');
  });

  it('a word is in the dictionary once, with level 1 sensitive or 2 prohibited', async () => {
    const word = uniqueName('重复词');
    expect((await c().post('/prohibitedWord/save', { word })).code).toBe(0);
    const again = await c('en').post('/prohibitedWord/save', { word });
    expect(again.status).toBe(409);
    expect(again.msg).toBe(`The word "${word}" is already in the dictionary`);
    expect((await c().post('/prohibitedWord/save', { word: uniqueName('w'), level: 3 })).status).toBe(400);
  });

  it('the list filters by word, type and level', async () => {
    await c().post('/prohibitedWord/import', { text: '甲乙,1,政治\n丙丁,2,政治\n戊己,2,广告' });
    expect((await words({ type: '政治' })).map((w) => w.word).sort()).toEqual(['丙丁', '甲乙']);
    expect((await words({ type: '政治', level: 2 })).map((w) => w.word)).toEqual(['丙丁']);
  });

  it('imports pasted lines and reports each bad line with its number and reason', async () => {
    const taken = uniqueName('已有');
    await c().post('/prohibitedWord/save', { word: taken });
    const text = [
      '违禁品,2,违法,禁止销售的物品',
      '',
      '敏感词',
      `${taken},1`,
      '全角，2，广告，用全角逗号，也可以',
      '违禁品,1',
      '坏级别,9,x',
      ',1,空词',
      '"引号,词",1,,含逗号',
      `${'长'.repeat(60)},1`,
    ].join('\n');
    const res = await c('en').post<WordImportResult>('/prohibitedWord/import', { text });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.imported).toBe(4);
    expect(res.data.errors).toEqual([
      { line: 4, text: `${taken},1`, message: 'The word is already in the dictionary' },
      { line: 6, text: '违禁品,1', message: 'Repeats line 1' },
      { line: 7, text: '坏级别,9,x', message: 'The level must be 1 (sensitive) or 2 (prohibited)' },
      { line: 8, text: ',1,空词', message: 'Expected: word,level,type,paraphrase' },
      { line: 10, text: `${'长'.repeat(60)},1`, message: 'Word is too long' },
    ]);
    const byWord = new Map((await words()).map((w) => [w.word, w]));
    expect(byWord.get('违禁品')).toMatchObject({ level: 2, type: '违法', paraphrase: '禁止销售的物品' });
    expect(byWord.get('敏感词')).toMatchObject({ level: 1, type: '', paraphrase: '' });
    expect(byWord.get('全角')).toMatchObject({ level: 2, type: '广告', paraphrase: '用全角逗号,也可以' });
    expect(byWord.get('引号,词')).toMatchObject({ level: 1, paraphrase: '含逗号' });
  });

  it('an import of nothing but blank lines is refused', async () => {
    expect((await c().post('/prohibitedWord/import', { text: '  \n ' })).status).toBe(400);
  });

  it('an admin without the dictionary screen cannot read or change it', async () => {
    const outsider = await adminWithRole(t, superToken, ['tag']);
    expect((await t.client(outsider.token).get('/prohibitedWord/index')).status).toBe(403);
    expect((await t.client(outsider.token).post('/prohibitedWord/import', { text: 'x,1' })).status).toBe(403);
  });
});
