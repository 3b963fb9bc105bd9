import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { categories, contents, innerLinks, modelFields, models, prohibitedWords } from '../../server/db/schema/index';
import type { FieldOption } from '../../server/db/schema/content';
import type { ApiClient, TestApp } from './app';
import { uniqueName } from './fixtures';

// Models, columns, dictionary words and keyword links for the content tests, inserted straight into the
// database (their own APIs are tested by their domains); content itself goes through the content API.

export interface FieldSeed {
  name: string;
  title?: string;
  type: string;
  required?: boolean;
  defaultValue?: unknown;
  options?: FieldOption[];
}

export async function insertModel(t: TestApp, fields: FieldSeed[] = []): Promise<number> {
  const key = uniqueName('model').replace(/-/g, '_');
  const [model] = await t.db.insert(models).values({ name: key, key }).returning({ id: models.id });
  let sort = 0;
  for (const f of fields) {
    await t.db.insert(modelFields).values({
      modelId: model!.id,
      name: f.name,
      title: f.title ?? f.name,
      type: f.type,
      required: f.required ?? false,
      defaultValue: f.defaultValue,
      options: f.options ?? [],
      sort: (sort += 10),
    });
  }
  return model!.id;
}

export async function insertColumn(t: TestApp, siteId: number, modelId: number, fields: { parentId?: number; title?: string; deleted?: boolean } = {}): Promise<number> {
  const title = fields.title ?? uniqueName('Column');
  const [row] = await t.db
    .insert(categories)
    .values({ siteId, modelId, parentId: fields.parentId ?? 0, title, alias: uniqueName('col').toLowerCase(), deletedAt: fields.deleted ? new Date() : null })
    .returning({ id: categories.id });
  return row!.id;
}

/** The dictionary of the prohibited-word check has no API in this issue: tests seed it here. */
export async function insertProhibitedWords(t: TestApp, words: Array<{ word: string; paraphrase?: string; type?: string; level?: 1 | 2 }>) {
  await t.db.insert(prohibitedWords).values(words.map((w) => ({ word: w.word, paraphrase: w.paraphrase ?? '', type: w.type ?? '', level: w.level ?? 1 })));
}

export async function insertInnerLink(
  t: TestApp,
  siteId: number,
  link: { keyword: string; url: string; weight?: number; newWindow?: boolean; status?: number; deleted?: boolean },
): Promise<number> {
  const [row] = await t.db
    .insert(innerLinks)
    .values({
      siteId,
      keyword: link.keyword,
      url: link.url,
      weight: link.weight ?? 0,
      newWindow: link.newWindow === false ? 2 : 1,
      status: link.status ?? 1,
      deletedAt: link.deleted ? new Date() : null,
    })
    .returning({ id: innerLinks.id });
  return row!.id;
}

/** Until the audit issue, nothing puts content in review: tests do. */
export async function putInReview(t: TestApp, ids: number[]) {
  await t.db.update(contents).set({ checkStatus: 'reviewing' }).where(inArray(contents.id, ids));
}

/** Saves content through the API and answers its id and version. */
export async function saveContent(client: ApiClient, categoryId: number, fields: Record<string, unknown> = {}): Promise<{ id: number; version: number; title: string }> {
  const title = (fields.title as string | undefined) ?? uniqueName('Article');
  const res = await client.post<{ id: number; version: number }>('/content/save', { category_id: categoryId, title, body: '<p>Body</p>', ...fields });
  if (res.code !== 0) throw new Error(`content/save failed: ${res.code} ${res.msg}`);
  return { ...res.data, title };
}

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A 1×1 GIF. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Posts one file as multipart/form-data, the way the editor uploads images. */
export async function uploadFile(t: TestApp, token: string, siteId: number | undefined, file: { name: string; bytes: Uint8Array; type?: string }, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const headers: Record<string, string> = { 'x-token': token };
  if (siteId) headers['x-site-id'] = String(siteId);
  const res = await fetch(`${t.url}/api/content/articleUpload`, { method: 'POST', headers, body: form });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) };
}

/** A real HTTP server on 127.0.0.1 answering by path; closes with the returned function. */
export async function serveOnLoopback(routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>) {
  const server = http.createServer((req, res) => {
    const route = routes[(req.url ?? '/').split('?')[0]!];
    if (route) route(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (p: string, host = '127.0.0.1') => `http://${host}:${port}${p}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
