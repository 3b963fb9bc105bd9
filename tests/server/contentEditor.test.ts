import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { GIF_1X1, insertColumn, insertInnerLink, insertModel, insertProhibitedWords, PNG_1X1, saveContent, serveOnLoopback, uploadFile } from '../helpers/contentFixtures';
import { attachments, innerLinks } from '../../server/db/schema/index';
import type { ImageLocalResult, UploadedFile, WordSearchResult } from '../../models/content';

// The editor's server actions (inner links, prohibited words, image localisation, description) and image upload.

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let editor: { token: string; id: number };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'EditorA');
  siteB = await insertSite(t, 'EditorB');
  editor = await adminWithRole(t, superToken, ['content'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const asEditor = (lang?: string) => t.client(editor.token, { siteId: siteA, language: lang });
const attachmentCount = async (siteId: number) => Number((await t.db.select({ n: count() }).from(attachments).where(eq(attachments.siteId, siteId)))[0]!.n);

describe('image upload', () => {
  it('an editor uploads an image: it is stored, served at its URL and recorded as an attachment of the site', async () => {
    const res = await uploadFile(t, editor.token, siteA, { name: 'dir/../photo 1.png', bytes: PNG_1X1, type: 'text/plain' });
    expect(res.code, res.msg).toBe(0);
    const file = res.data as UploadedFile;
    expect(file).toEqual({ id: expect.any(Number), name: 'photo 1.png', url: expect.stringMatching(new RegExp(`^/uploads/${siteA}/\\d{4}/\\d{2}/[0-9a-f-]+\\.png$`)) });
    const served = await fetch(t.url + file.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, file.id));
    expect(row).toMatchObject({
      siteId: siteA,
      type: 2,
      storage: 1,
      mime: 'image/png',
      size: PNG_1X1.length,
      hash: createHash('sha256').update(PNG_1X1).digest('hex'),
      createdBy: editor.id,
    });
  });

  it('the type comes from the bytes, not the name: a GIF named .jpg is a GIF', async () => {
    const res = await uploadFile(t, editor.token, siteA, { name: 'x.jpg', bytes: GIF_1X1 });
    expect(res.data.url).toMatch(/\.gif$/);
  });

  it('anything that is not a JPEG, PNG, GIF, WEBP or BMP image is refused, SVG included', async () => {
    const before = await attachmentCount(siteA);
    for (const [name, bytes] of [
      ['fake.png', Buffer.from('<html>not an image</html>')],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
      ['empty.png', Buffer.alloc(0)],
    ] as const) {
      const res = await uploadFile(t, editor.token, siteA, { name, bytes });
      expect(res.status, name).toBe(400);
      expect(res.msg).toBe('只能上传 JPEG、PNG、GIF、WEBP 或 BMP 格式的图片');
    }
    expect(await attachmentCount(siteA)).toBe(before);
  });

  it('an image over 10 MB is refused as too large', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await uploadFile(t, editor.token, siteA, { name: 'big.png', bytes: big });
    expect(res.status).toBe(413);
  });

  it('an upload without a file, or not multipart, is refused', async () => {
    const json = await asEditor().post('/content/articleUpload', { file: 'x' });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('note', 'no file');
    const res = await fetch(`${t.url}/api/content/articleUpload`, { method: 'POST', headers: { 'x-token': editor.token, 'x-site-id': String(siteA) }, body: form });
    expect(res.status).toBe(400);
  });

  it('an editor cannot upload into another site', async () => {
    expect((await uploadFile(t, editor.token, siteB, { name: 'a.png', bytes: PNG_1X1 })).status).toBe(403);
    expect(await attachmentCount(siteB)).toBe(0);
  });
});

describe('inner links', () => {
  let site: number;
  beforeAll(async () => {
    site = await insertSite(t, 'Links');
    await insertInnerLink(t, site, { keyword: 'Banyan', url: '/banyan' });
    await insertInnerLink(t, site, { keyword: 'Banyan CMS', url: '/cms', newWindow: false });
    await insertInnerLink(t, site, { keyword: '榕树', url: 'https://example.com/tree?a=1&b=2', weight: 5, newWindow: false });
    await insertInnerLink(t, site, { keyword: 'paused', url: '/paused', status: 2 });
    await insertInnerLink(t, site, { keyword: 'binned', url: '/binned', deleted: true });
    await insertInnerLink(t, siteA, { keyword: 'elsewhere', url: '/elsewhere' });
  });
  const link = (content: string, lang?: string) => t.client(superToken, { siteId: site, language: lang }).post<string>('/content/addInnerChat', { website_id: site, content, sub_id: 0 });

  it('links the first occurrence of each live keyword of the site, never inside a link, heading or code', async () => {
    const res = await link(
      '<h2>Banyan 榕树</h2><p>See <a href="/x">Banyan</a>, <code>Banyan</code> and Banyan CMS, then Banyan again, 榕树 and 榕树.</p>' +
        '<p>paused binned elsewhere</p>',
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toBe(
      '<h2>Banyan 榕树</h2><p>See <a href="/x">Banyan</a>, <code>Banyan</code> and <a href="/cms">Banyan CMS</a>, then ' +
        '<a href="/banyan" target="_blank" rel="noopener noreferrer">Banyan</a> again, <a href="https://example.com/tree?a=1&amp;b=2">榕树</a> and 榕树.</p>' +
        '<p>paused binned elsewhere</p>',
    );
  });

  it('counts each inserted link on its keyword', async () => {
    const countOf = async (keyword: string) =>
      (await t.db.select({ n: innerLinks.linkCount }).from(innerLinks).where(and(eq(innerLinks.siteId, site), eq(innerLinks.keyword, keyword))))[0]!.n;
    const before = await countOf('Banyan');
    const beforeTree = await countOf('榕树');
    await link('<p>Banyan only</p>');
    expect(await countOf('Banyan')).toBe(before + 1);
    expect(await countOf('榕树')).toBe(beforeTree);
  });

  it('content without any keyword comes back unchanged', async () => {
    expect((await link('<p>Nothing here</p>')).data).toBe('<p>Nothing here</p>');
  });

  it('an editor cannot use another site’s links or name another site’s article', async () => {
    const res = await asEditor().post('/content/addInnerChat', { website_id: site, content: '<p>Banyan</p>', sub_id: 0 });
    expect(res.status).toBe(403);
    const model = await insertModel(t);
    const otherArticle = await saveContent(t.client(superToken, { siteId: siteB }), await insertColumn(t, siteB, model));
    expect((await asEditor().post('/content/addInnerChat', { website_id: siteA, content: '<p>x</p>', sub_id: otherArticle.id })).status).toBe(403);
  });
});

describe('prohibited words', () => {
  beforeAll(async () => {
    await insertProhibitedWords(t, [
      { word: '赌博', paraphrase: '违法内容', type: '违法', level: 2 },
      { word: '最好', paraphrase: '广告法禁用词', type: '广告', level: 1 },
      { word: 'Casino', paraphrase: 'gambling', type: 'illegal', level: 2 },
    ]);
  });

  it('marks the dictionary’s words in the text and lists each word found once', async () => {
    const res = await asEditor().post<WordSearchResult>('/content/wordSearch', {
      content: '<p title="赌博">最好的赌博网站, casino! 赌博</p><img alt="最好" src="/a.png">',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.return_str).toBe(
      '<p title="赌博"><mark class="word-level-1" title="广告法禁用词">最好</mark>的<mark class="word-level-2" title="违法内容">赌博</mark>网站, ' +
        '<mark class="word-level-2" title="gambling">casino</mark>! <mark class="word-level-2" title="违法内容">赌博</mark></p><img alt="最好" src="/a.png">',
    );
    expect(res.data.word_list).toEqual([
      { title: '最好', paraphrase: '广告法禁用词', type: '广告', level: 1 },
      { title: '赌博', paraphrase: '违法内容', type: '违法', level: 2 },
      { title: 'Casino', paraphrase: 'gambling', type: 'illegal', level: 2 },
    ]);
  });

  it('clean content comes back as it was with an empty list', async () => {
    const res = await asEditor().post<WordSearchResult>('/content/wordSearch', { content: '<p>All good</p>' });
    expect(res.data).toEqual({ return_str: '<p>All good</p>', word_list: [] });
  });
});

describe('description extraction', () => {
  it('answers a clean summary of whole sentences', async () => {
    const content = '<h1>标题</h1><p>第一句话。<strong>第二句</strong>话！</p><p>' + '很长的内容'.repeat(40) + '。</p>';
    const res = await asEditor().post<string>('/content/descExtraction', { content });
    expect(res.data).toBe('标题 第一句话。第二句话！');
  });

  it('content with an image but no text is not empty; its summary is empty', async () => {
    const res = await asEditor().post<string>('/content/descExtraction', { content: '<p><img src="/a.png"></p>' });
    expect(res.code).toBe(0);
    expect(res.data).toBe('');
  });
});

describe('empty content', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['/content/addInnerChat', { website_id: 0, sub_id: 0 }],
    ['/content/wordSearch', {}],
    ['/content/imgLocal', {}],
    ['/content/descExtraction', {}],
  ];

  it('each editor action refuses content without text or images', async () => {
    for (const [url, extra] of calls) {
      for (const content of ['', '<p><br></p>', '<p>&nbsp; </p><script>alert(1)</script>']) {
        const body = { ...extra, content, ...(url.endsWith('addInnerChat') ? { website_id: siteA } : {}) };
        const zh = await asEditor().post(url, body);
        expect(zh.status, `${url} ${content}`).toBe(400);
        expect(zh.msg).toBe('内容不能为空');
        expect((await asEditor('en').post(url, body)).msg).toBe('content cannot be empty');
      }
    }
  });
});

describe('image localisation refuses the server’s own network', () => {
  it('an image served from 127.0.0.1 is refused as loopback and never requested', async () => {
    let hits = 0;
    const server = await serveOnLoopback({ '/cat.png': (_req, res) => (hits++, res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1)) });
    try {
      const urls = [server.url('/cat.png'), server.url('/cat.png', 'localhost'), `http://[::1]:${server.port}/cat.png`, `http://[::ffff:127.0.0.1]:${server.port}/cat.png`];
      const content = urls.map((u) => `<p><img src="${u}"></p>`).join('');
      const before = await attachmentCount(siteA);
      const res = await asEditor().post<ImageLocalResult>('/content/imgLocal', { content });
      expect(res.code, res.msg).toBe(0);
      expect(res.data.localized).toBe(0);
      expect(res.data.content).toBe(content);
      expect(res.data.failed.map((f) => [f.url, f.code])).toEqual(urls.map((u) => [u, 'private_address']));
      expect(res.data.failed[0]!.reason).toBe('拒绝访问内网、本机或保留地址');
      expect(hits).toBe(0);
      expect(await attachmentCount(siteA)).toBe(before);
    } finally {
      await server.close();
    }
  });

  it('private, link-local, shared and reserved addresses are refused without connecting', async () => {
    const urls = ['http://10.0.0.1/a.png', 'http://192.168.1.1/a.png', 'http://172.16.5.4/a.png', 'http://169.254.169.254/latest/meta-data', 'http://100.64.0.1/a.png', 'http://0.0.0.0/a.png', 'http://[fd00::1]/a.png', 'http://[fe80::1]/a.png', 'http://240.0.0.1/a.png'];
    const res = await asEditor('en').post<ImageLocalResult>('/content/imgLocal', { content: urls.map((u) => `<img src="${u}">`).join('') });
    expect(res.data.failed.map((f) => f.code)).toEqual(urls.map(() => 'private_address'));
    expect(res.data.failed[0]!.reason).toBe('Refused: private, loopback or reserved address');
  });

  it('only http and https images are fetched; site paths and data URLs are left alone', async () => {
    const content = '<p><img src="/uploads/1/a.png"><img src="data:image/png;base64,AAAA"><img src="ftp://example.com/a.png">text</p>';
    const res = await asEditor().post<ImageLocalResult>('/content/imgLocal', { content });
    expect(res.data).toEqual({ content, localized: 0, failed: [] });
  });

  it('an editor cannot localise into another site', async () => {
    expect((await t.client(editor.token, { siteId: siteB }).post('/content/imgLocal', { content: '<p>x</p>' })).status).toBe(403);
  });
});
