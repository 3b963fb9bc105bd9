import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, installTheme, insertPublished } from '../helpers/publicFixtures';
import { ThemeRenderer } from '../../server/public/render/engine';

// Hostile themes: what a template may reach is only the data handed to it, inside its own folder, in bounded time.

let t: TestApp;
let token: string;
let modelId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  token = await t.login();
  modelId = await insertModel(t);
});
afterAll(() => t?.close());

/** A new site whose active theme's home template is `home`. */
async function siteWithHome(home: string, extra: Record<string, string> = {}) {
  const domain = uniqueDomain('hostile');
  const id = await createSite(t, token, { name: 'Hostile', domain });
  const dir = await installTheme(t, id, { 'templates/index.liquid': home, 'templates/404.liquid': 'missing', ...extra });
  return { id, domain, dir };
}

describe('sandboxed themes', () => {
  it('an installed active theme replaces the default one', async () => {
    const site = await siteWithHome('Hello {{ site.name }} with {{ latest.size }} items');
    const column = await insertColumn(t, site.id, modelId);
    await insertPublished(t, site.id, column);
    const page = await getPage(t, '/', site.domain);
    expect(page.status).toBe(200);
    expect(page.body).toBe('Hello Hostile with 1 items');
  });

  it('process, globals and constructor chains render nothing', async () => {
    const probes = [
      '{{ process }}',
      '{{ process.env }}',
      '{{ global.process.mainModule }}',
      '{{ require }}',
      '{{ site.constructor }}',
      '{{ site.constructor.constructor }}',
      '{{ site.name.constructor.constructor }}',
      '{{ latest.constructor.name }}',
      '{{ site.__proto__ }}',
      '{{ this }}',
    ];
    const site = await siteWithHome(probes.map((p) => `[${p}]`).join(''));
    const page = await getPage(t, '/', site.domain);
    expect(page.status).toBe(200);
    expect(page.body).toBe(probes.map(() => '[]').join(''));
  });

  it('output is escaped unless a template says raw', async () => {
    const site = await siteWithHome('{{ q }}{{ "<b>x</b>" }}|{{ "<i>y</i>" | raw }}');
    expect((await getPage(t, '/', site.domain)).body).toBe('&lt;b&gt;x&lt;/b&gt;|<i>y</i>');
  });

  it('an unknown filter fails the page with a 500 that reveals nothing', async () => {
    const site = await siteWithHome('{{ site.name | readFile }}');
    const page = await getPage(t, '/', site.domain);
    expect(page.status).toBe(500);
    expect(page.body).not.toContain('readFile');
  });

  it('includes that leave the theme are refused: relative, absolute, layouts and symbolic links', async () => {
    const outside = path.join(t.dataDir, 'secret.liquid');
    await fs.writeFile(outside, 'TOP-SECRET');
    const attempts = [
      "{% include '../../../../../../../etc/passwd' %}",
      "{% render '../../../../../../../etc/passwd' %}",
      "{% include '/etc/passwd' %}",
      `{% include '${outside}' %}`,
      "{% include '../theme.json' %}",
      "{% layout '/etc/hostname' %}x",
      "{% include 'link' %}",
    ];
    for (const attempt of attempts) {
      const site = await siteWithHome(attempt);
      await fs.symlink(outside, path.join(site.dir, 'templates', 'link.liquid'));
      const page = await getPage(t, '/', site.domain);
      expect(page.status, attempt).toBe(500);
      expect(page.body, attempt).not.toMatch(/root:|TOP-SECRET|"name"/);
    }
    // A symbolic link to a folder outside the theme does not help either.
    const site = await siteWithHome("{% include 'escape/secret' %}");
    await fs.symlink(t.dataDir, path.join(site.dir, 'templates', 'escape'));
    const page = await getPage(t, '/', site.domain);
    expect(page.status).toBe(500);
    expect(page.body).not.toContain('TOP-SECRET');
  });

  it('includes inside the theme work', async () => {
    const site = await siteWithHome("{% include 'parts/hello', who: site.name %}", { 'templates/parts/hello.liquid': 'hi {{ who }}' });
    expect((await getPage(t, '/', site.domain)).body).toBe('hi Hostile');
  });

  it('theme assets are served from assets/ only', async () => {
    const site = await siteWithHome('x', { 'assets/site.css': 'body{}', 'templates/secret.css': 'no' });
    expect((await getPage(t, '/theme-assets/site.css', site.domain)).body).toBe('body{}');
    for (const p of ['/theme-assets/../templates/secret.css', '/theme-assets/%2e%2e/templates/secret.css', '/theme-assets/%2e%2e/theme.json']) {
      const res = await getPage(t, p, site.domain);
      expect(res.status, p).toBe(404);
      expect(res.body).not.toContain('no');
    }
  });

  it('huge and endless loops are cut by the render limits and the server keeps answering', async () => {
    const loops = [
      '{% for i in (1..1000000000) %}x{% endfor %}',
      '{% for i in (1..100000) %}{% for j in (1..100000) %}{% endfor %}{% endfor %}',
      '{% assign s = "xxxxxxxxxx" %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}',
    ];
    for (const loop of loops) {
      const site = await siteWithHome(loop);
      const started = Date.now();
      const page = await getPage(t, '/', site.domain);
      expect(page.status, loop).toBe(500);
      expect(Date.now() - started).toBeLessThan(15_000);
    }
    const healthy = await siteWithHome('still {{ site.name }}');
    expect((await getPage(t, '/', healthy.domain)).body).toBe('still Hostile');
  });

  it('the renderer copies data to plain JSON: functions and class instances never reach templates', async () => {
    const dir = await fs.mkdtemp(path.join(t.dataDir, 'theme-'));
    await fs.mkdir(path.join(dir, 'templates'));
    await fs.writeFile(path.join(dir, 'templates', 'probe.liquid'), '[{{ fn }}][{{ obj.secret }}][{{ when }}]');
    class Hidden {
      get secret() {
        return 'leak';
      }
    }
    const out = await new ThemeRenderer().render(dir, 'probe', { fn: () => 'called', obj: new Hidden(), when: new Date(0) });
    expect(out).toBe('[][][1970-01-01T00:00:00.000Z]');
    await expect(new ThemeRenderer().render(dir, '../probe', {})).rejects.toThrow();
  });
});
