import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { insertContent } from '../../helpers/marketingFixtures';

/**
 * One call per mutating route of the marketing domain, for the "every mutating call is logged" test:
 * each performs the call successfully and returns the content name the log must show.
 */

const ok = async (res: Promise<{ code: number; msg: string; data: any }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });

const newTag = async (ctx: OpLogContext, name = uniqueName('logged-tag')) => ({ id: (await ok(client(ctx).post('/tag/save', { name }))).id as number, name });
const newCate = async (ctx: OpLogContext, name = uniqueName('logged-group')) =>
  ({ id: (await ok(client(ctx).post('/slideCate/save', { name }))).id as number, name });
const newSlide = async (ctx: OpLogContext, title = uniqueName('logged-slide')) => {
  const cate = await newCate(ctx);
  const body = { cate_id: cate.id, title, image: '/uploads/a.png' };
  return { id: (await ok(client(ctx).post('/slide/save', body))).id as number, title, body };
};
const AD = { position: 'home-top', kind: 1, image: 'https://cdn.example.com/ad.png', link: '/promo' };
const newAd = async (ctx: OpLogContext, title = uniqueName('logged-ad')) => ({ id: (await ok(client(ctx).post('/ad/save', { ...AD, title }))).id as number, title });
const newLink = async (ctx: OpLogContext, keyword = uniqueName('logged-kw')) =>
  ({ id: (await ok(client(ctx).post('/innerChart/save', { keyword, url: 'https://example.com/k' }))).id as number, keyword });
const newWord = async (ctx: OpLogContext, word = uniqueName('logged-word')) => ({ id: (await ok(client(ctx).post('/prohibitedWord/save', { word }))).id as number, word });

export const marketingCalls: OpLogCalls = {
  '/api/tag/save': async (ctx) => (await newTag(ctx)).name,
  '/api/tag/update': async (ctx) => {
    const tag = await newTag(ctx);
    const name = uniqueName('renamed-tag');
    await ok(client(ctx).post('/tag/update', { id: tag.id, name }));
    return name;
  },
  '/api/tag/delete': async (ctx) => {
    const tag = await newTag(ctx);
    await ok(client(ctx).post('/tag/delete', { ids: [tag.id] }));
    return tag.name;
  },
  '/api/slideCate/save': async (ctx) => (await newCate(ctx)).name,
  '/api/slideCate/update': async (ctx) => {
    const cate = await newCate(ctx);
    const name = uniqueName('renamed-group');
    await ok(client(ctx).post('/slideCate/update', { id: cate.id, name }));
    return name;
  },
  '/api/slideCate/delete': async (ctx) => {
    const cate = await newCate(ctx);
    await ok(client(ctx).post('/slideCate/delete', { ids: [cate.id] }));
    return cate.name;
  },
  '/api/slide/save': async (ctx) => (await newSlide(ctx)).title,
  '/api/slide/update': async (ctx) => {
    const slide = await newSlide(ctx);
    const title = uniqueName('renamed-slide');
    await ok(client(ctx).post('/slide/update', { ...slide.body, id: slide.id, title }));
    return title;
  },
  '/api/slide/delete': async (ctx) => {
    const slide = await newSlide(ctx);
    await ok(client(ctx).post('/slide/delete', { ids: [slide.id] }));
    return slide.title;
  },
  '/api/ad/save': async (ctx) => (await newAd(ctx)).title,
  '/api/ad/update': async (ctx) => {
    const ad = await newAd(ctx);
    const title = uniqueName('renamed-ad');
    await ok(client(ctx).post('/ad/update', { ...AD, id: ad.id, title }));
    return title;
  },
  '/api/ad/delete': async (ctx) => {
    const ad = await newAd(ctx);
    await ok(client(ctx).post('/ad/delete', { ids: [ad.id] }));
    return ad.title;
  },
  '/api/innerChart/save': async (ctx) => (await newLink(ctx)).keyword,
  '/api/innerChart/update': async (ctx) => {
    const link = await newLink(ctx);
    const keyword = uniqueName('renamed-kw');
    await ok(client(ctx).post('/innerChart/update', { id: link.id, keyword, url: '/about' }));
    return keyword;
  },
  '/api/innerChart/delete': async (ctx) => {
    const link = await newLink(ctx);
    await ok(client(ctx).post('/innerChart/delete', { ids: [link.id] }));
    return link.keyword;
  },
  '/api/prohibitedWord/save': async (ctx) => (await newWord(ctx)).word,
  '/api/prohibitedWord/update': async (ctx) => {
    const w = await newWord(ctx);
    const word = uniqueName('renamed-word');
    await ok(client(ctx).post('/prohibitedWord/update', { id: w.id, word, level: 2 }));
    return word;
  },
  '/api/prohibitedWord/delete': async (ctx) => {
    const w = await newWord(ctx);
    await ok(client(ctx).post('/prohibitedWord/delete', { ids: [w.id] }));
    return w.word;
  },
  '/api/prohibitedWord/import': async (ctx) => {
    await ok(client(ctx).post('/prohibitedWord/import', { text: `${uniqueName('imported-a')},1\n${uniqueName('imported-b')},2,政治` }));
    return '2';
  },
  '/api/contentTag/attach': async (ctx) => {
    const title = uniqueName('机器学习入门');
    const contentId = await insertContent(ctx.t, ctx.siteId, { title });
    await ok(client(ctx).post('/contentTag/attach', { content_id: contentId, names: ['机器学习'] }));
    return title;
  },
  '/api/recycleBin/restore': async (ctx) => {
    const tag = await newTag(ctx);
    await ok(client(ctx).post('/tag/delete', { ids: [tag.id] }));
    await ok(client(ctx).post('/recycleBin/restore', { items: [{ type: 'tag', id: tag.id }] }));
    return tag.name;
  },
  '/api/recycleBin/delete': async (ctx) => {
    const tag = await newTag(ctx);
    await ok(client(ctx).post('/tag/delete', { ids: [tag.id] }));
    await ok(client(ctx).post('/recycleBin/delete', { items: [{ type: 'tag', id: tag.id }] }));
    return tag.name;
  },
};
