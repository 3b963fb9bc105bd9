import type { PluginHost } from '../host';
import type { PluginContext, PluginDefinition, PluginSettingsValues } from '../types';

// Search-engine URL push: published content and the pages a static run wrote are pushed to IndexNow (JSON,
// https://www.indexnow.org/documentation) or Baidu's link submission (text/plain, one URL a line), through the
// SSRF-safe HTTP client. Every push is logged in plugin_urlpush_log (its menu page 'log'). IndexNow also wants
// the key served at /<key>.txt: the public site answers it while the plugin is enabled (indexNowKeyFile).

export const URLPUSH_ID = 'urlpush';
export const INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';
export const BAIDU_ENDPOINT = 'http://data.zz.baidu.com/urls';
/** URLs per request (IndexNow accepts 10 000, Baidu's quota is smaller). */
const BATCH = { indexnow: 10_000, baidu: 2_000 } as const;
/** Rows the log page shows. */
const LOG_SHOWN = 200;
/** Characters of an answer kept in the log. */
const ANSWER_KEPT = 500;

type Engine = keyof typeof BATCH;
export interface PushRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The URLs pushed (moved onto the configured host). */
  urls: string[];
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The host pushed URLs belong to: the setting, else the first URL's host. */
function hostOf(settings: PluginSettingsValues, urls: string[]): string {
  const set = str(settings.host).replace(/^https?:\/\//i, '').replace(/\/.*$/, '');
  if (set) return set;
  try {
    return new URL(urls[0]!).host;
  } catch {
    return '';
  }
}

/** URLs moved onto the configured host (the site's public name may differ from its admin domain). */
function onHost(urls: string[], host: string): string[] {
  return urls.map((u) => {
    try {
      const url = new URL(u);
      return `${url.protocol}//${host}${url.pathname}${url.search}`;
    } catch {
      return u;
    }
  });
}

/** The request one push makes, in the engine's format (exported for tests and the log). */
export function pushRequest(settings: PluginSettingsValues, urls: string[]): PushRequest | null {
  const engine: Engine = settings.engine === 'baidu' ? 'baidu' : 'indexnow';
  const key = str(settings.key);
  const host = hostOf(settings, urls);
  if (!key || !host || !urls.length) return null;
  const list = onHost(urls, host);
  if (engine === 'baidu') {
    const endpoint = str(settings.endpoint) || BAIDU_ENDPOINT;
    const target = new URL(endpoint);
    target.searchParams.set('site', host);
    target.searchParams.set('token', key);
    return { url: target.toString(), headers: { 'content-type': 'text/plain' }, body: list.join('\n'), urls: list };
  }
  const scheme = list[0]!.startsWith('https:') ? 'https' : 'http';
  const body = JSON.stringify({ host, key, keyLocation: `${scheme}://${host}/${key}.txt`, urlList: list });
  return { url: str(settings.endpoint) || INDEXNOW_ENDPOINT, headers: { 'content-type': 'application/json; charset=utf-8' }, body, urls: list };
}

async function push(ctx: PluginContext, urls: string[]) {
  const unique = [...new Set(urls)];
  if (!unique.length || !ctx.http || !ctx.db) return;
  const settings = await ctx.settings();
  const engine: Engine = settings.engine === 'baidu' ? 'baidu' : 'indexnow';
  for (let i = 0; i < unique.length; i += BATCH[engine]) {
    const batch = unique.slice(i, i + BATCH[engine]);
    const req = pushRequest(settings, batch);
    if (!req) return;
    let status = 0;
    let answer = '';
    try {
      const res = await ctx.http.request(req.url, { method: 'POST', headers: req.headers, body: req.body, timeoutMs: 10_000 });
      status = res.status;
      answer = res.body;
    } catch (err) {
      answer = err instanceof Error ? err.message : String(err);
    }
    await ctx.db.query(
      'insert into plugin_urlpush_log (engine, url_count, first_url, status, ok, answer) values ($1, $2, $3, $4, $5, $6)',
      [engine, req.urls.length, req.urls[0]!, status, status >= 200 && status < 300, answer.slice(0, ANSWER_KEPT)],
    );
  }
}

/** The answer to /<key>.txt while the plugin is enabled with IndexNow (the key file the engine checks), else null. */
export async function indexNowKeyFile(host: PluginHost, path: string): Promise<string | null> {
  const m = /^\/([A-Za-z0-9-]{8,128})\.txt$/.exec(path);
  const def = m && host.isEnabled(URLPUSH_ID) ? host.definition(URLPUSH_ID) : undefined;
  if (!m || !def) return null;
  const settings = await host.context(def).settings();
  return settings.engine !== 'baidu' && str(settings.key) === m[1] ? m[1]! : null;
}

const t = (zh: string, en: string) => ({ zh, en });
const pad = (n: number) => String(n).padStart(2, '0');
/** The server's local time, as the operation log shows times. */
const localTime = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

export const urlpushPlugin: PluginDefinition = {
  source: 'builtin',
  manifest: {
    id: URLPUSH_ID,
    name: t('搜索引擎链接推送', 'Search engine URL push'),
    version: '1.0.0',
    author: 'Banyan',
    description: t('发布内容或静态生成完成后，把网址推送给 IndexNow 或百度。', 'Pushes the URLs of published content and statically generated pages to IndexNow or Baidu.'),
    capabilities: ['content.read', 'http.fetch', 'db.own'],
    hooks: ['content.afterSave', 'static.published'],
    menus: [{ page: 'log', title: t('推送记录', 'Push log'), icon: 'send' }],
    settings: [
      {
        name: 'engine',
        label: t('搜索引擎', 'Search engine'),
        type: 'select',
        required: true,
        default: 'indexnow',
        options: [
          { value: 'indexnow', label: t('IndexNow（Bing、Yandex 等）', 'IndexNow (Bing, Yandex, …)') },
          { value: 'baidu', label: t('百度普通收录', 'Baidu link submission') },
        ],
      },
      {
        name: 'endpoint',
        label: t('接口地址', 'Endpoint URL'),
        type: 'url',
        required: false,
        help: t(`留空时：IndexNow 为 ${INDEXNOW_ENDPOINT}，百度为 ${BAIDU_ENDPOINT}`, `Empty: ${INDEXNOW_ENDPOINT} for IndexNow, ${BAIDU_ENDPOINT} for Baidu`),
      },
      {
        name: 'key',
        label: t('密钥 / 令牌', 'Key / token'),
        type: 'password',
        required: true,
        help: t('IndexNow 的密钥（8–128 位字母、数字或 -，网站会在 /<密钥>.txt 提供它），或百度的 token', 'The IndexNow key (8–128 letters, digits or -, served at /<key>.txt) or the Baidu token'),
      },
      {
        name: 'host',
        label: t('网站域名', 'Site host'),
        type: 'text',
        required: false,
        help: t('例如 www.example.com；留空时使用网站绑定的域名', 'For example www.example.com; empty: the site’s own domain'),
      },
    ],
    schedule_minutes: 0,
  },
  migrations: [
    `create table if not exists plugin_urlpush_log (
      id serial primary key,
      created_at timestamptz not null default now(),
      engine text not null,
      url_count integer not null,
      first_url text not null,
      status integer not null,
      ok boolean not null,
      answer text not null default ''
    )`,
  ],
  uninstallSql: ['drop table if exists plugin_urlpush_log'],
  hooks: {
    'content.afterSave': async (p, ctx) => {
      if (p.published && p.url) await push(ctx, [p.url]);
    },
    'static.published': async (p, ctx) => {
      await push(ctx, p.urls);
    },
  },
  pages: {
    log: async (ctx) => {
      const rows = (await ctx.db?.query<Record<string, unknown>>(
        `select id, created_at, engine, url_count, first_url, status, ok, answer from plugin_urlpush_log order by id desc limit ${LOG_SHOWN}`,
      )) ?? [];
      return {
        columns: [
          { name: 'created_at', title: t('时间', 'Time') },
          { name: 'engine', title: t('搜索引擎', 'Engine') },
          { name: 'url_count', title: t('网址数', 'URLs') },
          { name: 'first_url', title: t('首个网址', 'First URL') },
          { name: 'status', title: t('HTTP 状态', 'HTTP status') },
          { name: 'result', title: t('结果', 'Result') },
          { name: 'answer', title: t('返回内容', 'Answer') },
        ],
        rows: rows.map((r) => ({
          created_at: localTime(new Date(String(r.created_at))),
          engine: r.engine === 'baidu' ? 'Baidu' : 'IndexNow',
          url_count: Number(r.url_count),
          first_url: String(r.first_url),
          status: Number(r.status),
          result: r.ok === true || r.ok === 't' ? '✓' : '✗',
          answer: String(r.answer ?? ''),
        })),
      };
    },
  },
};
