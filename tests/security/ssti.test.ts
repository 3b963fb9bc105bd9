import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage, type PageResponse } from '../helpers/publicFixtures';
import { looksLikeStack } from '../helpers/fixtures';
import { DEFAULT_LIMITS } from '../../server/public/render/engine';

// Issue 15, attack regressions: server-side template injection through Liquid. A super-admin's theme editor
// saves a hostile templates/index.liquid of the site's active theme, and a visitor opens the home page. The
// engine exposes no prototype, constructor, process, global or require (ownPropertyOnly, plain JSON data,
// strict filters), and every way to spin or grow (huge ranges, nested loops, an empty loop body, a template
// including itself, doubling strings and arrays, a padded date) is stopped by parseLimit / renderLimit /
// memoryLimit: the page answers within a bounded time with its output or a bare 500 page that tells nothing of
// the host, and the server answers the next request at once. The static generator renders with the same
// limits (a run with the hostile template finishes and reports the page as failed).

const FOLDER = 'ocean';
const INDEX = 'templates/index.liquid';
/** The slowest a stopped render may take: the render limit plus generous room for a loaded test machine. */
const BOUND_MS = DEFAULT_LIMITS.renderLimit + 8_000;

let t: TestApp;
let token: string;
let original = '';
const site = { id: 0, domain: uniqueDomain('ssti') };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  token = await t.login();
  site.id = await createSite(t, token, { name: 'SSTI Site', domain: site.domain });
  const api = t.client(token, { siteId: site.id });
  expect((await api.post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: FOLDER })).code).toBe(0);
  expect((await api.post('/theme/activate', { folder: FOLDER })).code).toBe(0);
  original = (await api.get('/theme/fileRead', { folder: FOLDER, path: INDEX })).data.content;
});
afterAll(() => t?.close());

const api = () => t.client(token, { siteId: site.id, language: 'en' });

async function saveIndex(content: string) {
  const res = await api().post('/theme/fileUpdate', { folder: FOLDER, path: INDEX, content });
  expect(res.code, res.msg).toBe(0);
}

async function timedHome(): Promise<PageResponse & { ms: number }> {
  const started = Date.now();
  const page = await getPage(t, '/', site.domain);
  return { ...page, ms: Date.now() - started };
}

/** Nothing of the host in a page: paths, environment, versions, error names, stacks. */
function expectNoHostInfo(body: string) {
  const secrets = [t.dataDir, process.cwd(), os.homedir(), os.hostname(), process.version, 'node_modules', 'liquidjs', 'RenderError', 'ParseError', 'limit exceeded', 'Maximum call stack', '[object Object]', 'function ', '[native code]'];
  for (const s of secrets.filter((x) => x && x.length > 2)) expect(body, `leaks ${s}`).not.toContain(s);
  expect(looksLikeStack(body)).toBe(false);
}

const BARE_500 = '<!doctype html><meta charset="utf-8"><title>500</title><h1>500</h1>';

interface SstiRow {
  attack: string;
  template: string;
  /** What the visitor gets: the page with exactly this text in #out, or the bare 500 page. */
  expect: { out: string } | 500;
}

const out = (inner: string) => `<p id="out">${inner}</p>`;

// prettier-ignore
const ROWS: SstiRow[] = [
  { attack: "a constructor filter {{ '' | constructor }}", template: out("{{ '' | constructor }}"), expect: 500 },
  { attack: 'the constructor of the constructor (Function)', template: out("[{{ page.constructor.constructor }}][{{ page['constructor'] }}][{{ site.constructor.name }}][{{ 'x'.constructor }}]"), expect: { out: '[][][][]' } },
  { attack: '__proto__ through assign', template: out('{% assign a = page.__proto__ %}[{{ a }}][{{ a.constructor }}][{{ site.__proto__.toString }}][{{ page.hasOwnProperty }}][{{ nav.__proto__.map }}]'), expect: { out: '[][][][][]' } },
  { attack: 'process, global, globalThis, require, module', template: out('[{{ process.env.HOME }}][{{ process.version }}][{{ global.process.pid }}][{{ globalThis.process }}][{{ require }}][{{ module.exports }}][{{ this }}]'), expect: { out: '[][][][][][][]' } },
  { attack: 'prototype pollution through a nested assign', template: out("{% assign __proto__ = 'polluted' %}{% assign constructor = 'x' %}[{{ polluted }}][{{ site.polluted }}]"), expect: { out: '[][]' } },
  { attack: 'a range of a hundred million', template: out('{% for i in (1..100000000) %}x{% endfor %}'), expect: 500 },
  { attack: 'a loop with an empty body over twenty million items', template: out('{% for i in (1..20000000) %}{% endfor %}'), expect: 500 },
  { attack: 'a tablerow with an empty body', template: out('{% tablerow i in (1..20000000) %}{% endtablerow %}'), expect: 500 },
  { attack: 'three nested loops of a thousand', template: out('{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}{{ k }}{% endfor %}{% endfor %}{% endfor %}'), expect: 500 },
  { attack: 'a template including itself', template: out("a{% include 'index' %}"), expect: 500 },
  { attack: 'a template rendering itself', template: out("a{% render 'index' %}"), expect: 500 },
  { attack: 'a layout that is the template itself', template: "{% layout 'index' %}{% block content %}x{% endblock %}", expect: 500 },
  { attack: 'a string doubled with append', template: out("{% assign s = 'xxxxxxxxxx' %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}"), expect: 500 },
  { attack: 'an array doubled with concat', template: out("{% assign a = '1,2,3' | split: ',' %}{% for i in (1..40) %}{% assign a = a | concat: a %}{% endfor %}{{ a | size }}"), expect: 500 },
  { attack: 'a date padded to a billion characters', template: out("{{ 'now' | date: '%999999999d' }}"), expect: 500 },
  { attack: 'a huge output written in a loop', template: out('{% for i in (1..30000000) %}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endfor %}'), expect: 500 },
  { attack: 'a string repeated through replace', template: out("{% assign s = 'x' | prepend: 'xxxxxxxxxxxxxxxx' %}{% for i in (1..30) %}{% assign s = s | replace: 'x', 'xx' %}{% endfor %}{{ s | size }}"), expect: 500 },
];

describe('Liquid templates cannot reach the host or stall the server', () => {
  for (const row of ROWS) {
    it(`SSTI: ${row.attack} renders harmlessly in bounded time`, async () => {
      await saveIndex(row.template);
      const page = await timedHome();
      expect(page.ms, 'render time').toBeLessThan(BOUND_MS);
      if (row.expect === 500) {
        expect(page.status).toBe(500);
        expect(page.body).toBe(BARE_500);
      } else {
        expect(page.status, page.body.slice(0, 300)).toBe(200);
        expect(page.body).toBe(out(row.expect.out));
      }
      expectNoHostInfo(page.body);
      // The server is still there: the admin API and a good template answer at once.
      await saveIndex(original);
      const next = await timedHome();
      expect(next.status).toBe(200);
      expect(next.ms).toBeLessThan(3_000);
      expect((await api().get('/theme/fileRead', { folder: FOLDER, path: INDEX })).code).toBe(0);
    });
  }

  it('SSTI: a template spinning to its render limit is rendered once per page, not on every visit, until the theme changes', async () => {
    await saveIndex(out('{% for i in (1..20000000) %}{% endfor %}'));
    try {
      const first = await getPage(t, '/', site.domain);
      expect([first.status, first.body, first.headers['x-page-cache']]).toEqual([500, BARE_500, 'miss']);
      // The same failure again, from the page cache: no second render of the spinning template.
      for (let i = 0; i < 3; i++) {
        const again = await getPage(t, '/', site.domain);
        expect([again.status, again.body, again.headers['x-page-cache']]).toEqual([500, BARE_500, 'hit']);
        expectNoHostInfo(again.body);
      }
    } finally {
      await saveIndex(original);
    }
    // The theme changed: rendered afresh, and good again.
    const fixed = await getPage(t, '/', site.domain);
    expect([fixed.status, fixed.headers['x-page-cache']]).toEqual([200, 'miss']);
  });

  it('SSTI: the static generator renders with the same limits (a spinning home page fails, the run ends)', async () => {
    await saveIndex(out('{% for i in (1..20000000) %}{% endfor %}'));
    try {
      const started = Date.now();
      const res = await api().post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
      expect(res.code, res.msg).toBe(0);
      await t.app.ctx.jobs.whenIdle();
      expect(Date.now() - started).toBeLessThan(BOUND_MS * 2);
      const job = (await api().get('/job/read', { id: res.data.job_id })).data;
      expect(job.status, job.error).toBe('done');
      expect(job.result.failed).toContain('/');
      expectNoHostInfo(JSON.stringify(job.result.failed));
    } finally {
      await saveIndex(original);
    }
    expect((await timedHome()).status).toBe(200);
  });
});
