import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThemeRenderer } from '../../server/public/render/engine';
import { RenderPool } from '../../server/public/render/pool';
import { BUNDLE_AFTER_LISTEN_MS, forgetWorkerScript, prepareWorkerScript, workerScript, workerScriptAsked } from '../../server/public/render/workerBundle';
import { startTestApp } from '../helpers/app';

// Static generation's render workers start from one bundled plain script instead of the TypeScript sources through
// tsx (workerBundle.ts): the same sandboxed renderer, the same output, the same file writes and refusals.

let dir: string;

const templates: Record<string, string> = {
  layout: '<html><title>{{ page.title }}</title>{% block body %}{% endblock %}</html>',
  list: "{% layout 'layout' %}{% block body %}{% for c in contents %}<li>{{ c.title | upcase }} {{ c.body | raw }}</li>{% endfor %}{% render 'partials/foot', site: site %}{% endblock %}",
  'partials/foot': '<footer>{{ site.name | escape }}</footer>',
  escape: "{% include '../../outside' %}",
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-bundle-'));
  for (const [name, text] of Object.entries(templates)) {
    await fs.mkdir(path.dirname(path.join(dir, 'templates', name)), { recursive: true });
    await fs.writeFile(path.join(dir, 'templates', `${name}.liquid`), text);
  }
  await fs.writeFile(path.join(dir, 'outside.liquid'), 'SECRET');
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('render workers started from the bundled script', () => {
  it('start from the bundle, render what the in-process renderer renders, write pages and keep the sandbox', async () => {
    await prepareWorkerScript();
    expect(workerScript()).toContain('serveRenders');
    // LiquidJS's ES module build, whose code joins the bundle's scope (its CommonJS build is reached through a getter
    // for every name), and no zod: the worker needs none of the schemas (models/formCode.ts, models/adKinds.ts).
    expect(workerScript()).toContain('node_modules/liquidjs/dist/liquid.node.mjs');
    expect(workerScript()).not.toContain('node_modules/zod');
    // Pools made from now on start their workers from it (RenderPool.start).
    const pool = new RenderPool(2, undefined, { memoPartials: true, atomicWrites: true });
    try {
      const local = new ThemeRenderer();
      const site = { name: 'Bundle "Co"' };
      const datas = Array.from({ length: 20 }, (_, i) => ({ page: { title: `Page ${i} <&>` }, site, contents: [{ title: `item ${i}`, body: `<p>${i}</p>` }] }));
      const pooled = await Promise.all(datas.map((d) => pool.render(dir, 'list', d)));
      for (let i = 0; i < datas.length; i++) expect(pooled[i]).toBe(await local.render(dir, 'list', datas[i]!));
      // A page handed with its file is written there (through a temporary file: nothing else is left beside it).
      const out = path.join(dir, 'out');
      await fs.mkdir(out);
      await fs.writeFile(path.join(out, 'page.html'), 'old page');
      const reply = await pool.renderTo(dir, 'list', datas[0]!, path.join(out, 'page.html'));
      expect(reply).toEqual({ bytes: Buffer.byteLength(pooled[0]!) });
      expect(await fs.readFile(path.join(out, 'page.html'), 'utf8')).toBe(pooled[0]);
      expect(await fs.readdir(out)).toEqual(['page.html']);
      // The theme folder still bounds what a template may read.
      await expect(pool.render(dir, 'escape', {})).rejects.toThrow();
    } finally {
      await pool.close();
    }
  });

  it('are bundled in the background soon after a server starts listening, not at its first static run', async () => {
    // As a process that has not bundled them yet (this file's other test, or another file in this worker, may have).
    forgetWorkerScript();
    const t = await startTestApp();
    try {
      const deadline = Date.now() + BUNDLE_AFTER_LISTEN_MS + 20_000;
      while (workerScript() === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // Nothing here asked for it: no static run, no render pool.
      expect(workerScript()).toContain('serveRenders');
    } finally {
      await t.close();
    }
  });

  it('are not bundled by a server closed before that moment', async () => {
    forgetWorkerScript();
    const t = await startTestApp();
    await t.close();
    await new Promise((r) => setTimeout(r, BUNDLE_AFTER_LISTEN_MS + 500));
    expect(workerScriptAsked()).toBe(false);
    // (Later tests in this worker find it as they would have: built on first use.)
    await prepareWorkerScript();
  });
});
