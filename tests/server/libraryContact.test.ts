import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage, setSiteSettings } from '../helpers/publicFixtures';
import { inquiries } from '../../server/db/schema/index';

// Issue 18: activating a library theme must keep /contact/, the sites' only source of inquiries.

let t: TestApp;
let token: string;
const site = { id: 0, domain: uniqueDomain('lib-contact') };
const api = () => t.client(token, { siteId: site.id });

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  token = await t.login();
  site.id = await createSite(t, token, { name: 'Library Contact', domain: site.domain });
  await setSiteSettings(t, site.id, { language: 'en' });
});
afterAll(() => t?.close());

/** Posts the urlencoded form fields found in the page's form to its action, as a browser would. */
function submit(action: string, fields: Record<string, string>): Promise<{ status: number; location?: string }> {
  const url = new URL(t.url);
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: action,
        method: 'POST',
        headers: { host: site.domain, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('contact page under every shipped library theme', () => {
  it('each shipped library theme, once active, renders a contact form that stores an inquiry', async () => {
    const shipped = (await api().get<Array<{ package: string; source: string }>>('/templeteLibrary/index')).data.filter((p) => p.source === 'shipped');
    expect(shipped.length).toBeGreaterThan(0);
    for (const [i, pkg] of shipped.entries()) {
      const folder = `lib${i}`;
      expect((await api().post('/templeteLibrary/install', { package: pkg.package, folder })).code, pkg.package).toBe(0);
      expect((await api().post('/theme/activate', { folder })).code, pkg.package).toBe(0);
      // The theme's own assets are served: the page is rendered by the library theme.
      expect((await getPage(t, '/theme-assets/style.css', site.domain)).status).toBe(200);
      const page = await getPage(t, '/contact/', site.domain);
      expect(page.status, pkg.package).toBe(200);
      const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(page.body)?.[1];
      expect(action, `${pkg.package}: a form posting somewhere`).toBeTruthy();
      for (const field of ['name', 'phone', 'email', 'content']) expect(page.body, `${pkg.package}: field ${field}`).toMatch(new RegExp(`name="${field}"`));
      // Every page links to it.
      expect((await getPage(t, '/', site.domain)).body, pkg.package).toContain('href="/contact/"');

      const marker = `Library ${pkg.package} inquiry`;
      const sent = await submit(action!, { name: 'Li Lei', email: 'li@example.com', content: marker, website: '' });
      expect(sent, pkg.package).toEqual({ status: 303, location: '/contact/?sent=1' });
      const rows = await t.db.select().from(inquiries).where(eq(inquiries.siteId, site.id));
      expect(rows.map((r) => r.content), pkg.package).toContain(marker);
      expect((await getPage(t, '/contact/?sent=1', site.domain)).body).toContain('Thank you');
    }
  });
});
