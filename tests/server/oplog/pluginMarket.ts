import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpLogCalls, OpLogContext } from './types';
import { generateTestKey, signedPackage, testManifest, writeCatalogue } from '../../helpers/pluginPackage';

// One logged call per mutating route of the plugin market (issue 13). The calls point the app at a catalogue
// folder of their own, signed with a key they trust for the duration of the call.

const key = generateTestKey();
let n = 0;
const ok = async (res: Promise<{ code: number; msg: string }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
};

/** Runs `work` with a fresh catalogue of `versions` of one new package; returns its id and zh name. */
async function withCatalogue<T>(ctx: OpLogContext, work: (id: string, publish: (version: string) => void) => Promise<T>): Promise<T> {
  const config = ctx.t.app.ctx.config;
  const saved = { dir: config.pluginCatalogueDir, keys: config.pluginKeys };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-oplog-market-'));
  const id = `log${process.pid % 100000}m${++n}`;
  const publish = (version: string) => writeCatalogue(dir, [signedPackage(key.privateKey, { manifest: testManifest(id, version) })]);
  publish('1.0.0');
  config.pluginCatalogueDir = dir;
  config.pluginKeys = [...saved.keys, key.publicRaw];
  try {
    return await work(id, publish);
  } finally {
    config.pluginCatalogueDir = saved.dir;
    config.pluginKeys = saved.keys;
  }
}

export const pluginMarketCalls: OpLogCalls = {
  '/api/plugin/marketInstall': (ctx) =>
    withCatalogue(ctx, async (id) => {
      await ok(ctx.t.client(ctx.superToken).post('/plugin/marketInstall', { id }));
      return `测试插件 ${id} 1.0.0`;
    }),
  '/api/plugin/upgrade': (ctx) =>
    withCatalogue(ctx, async (id, publish) => {
      await ok(ctx.t.client(ctx.superToken).post('/plugin/marketInstall', { id }));
      publish('1.1.0');
      await ok(ctx.t.client(ctx.superToken).post('/plugin/upgrade', { id }));
      return `测试插件 ${id} 1.0.0 → 1.1.0`;
    }),
  '/api/plugin/marketUrl': async (ctx) => {
    const url = 'https://market.example.com/banyan/index.json';
    await ok(ctx.t.client(ctx.superToken).post('/plugin/marketUrl', { url }));
    await ok(ctx.t.client(ctx.superToken).post('/plugin/marketUrl', { url: '' }));
    return url;
  },
};
