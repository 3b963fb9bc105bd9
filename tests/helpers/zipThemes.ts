import fs from 'node:fs/promises';
import path from 'node:path';
import type { ApiResponse, TestApp } from './app';
import { buildZip, folderEntries, type ZipEntry } from './zip';
import { DEFAULT_THEME_DIR } from '../../server/public/themes';

// Theme packages and library calls for the theme tests.

/** A valid package: the shipped theme with a marker on the home page and its own theme.json. */
export function themeZip(marker: string, name = marker, extra: ZipEntry[] = []): Buffer {
  const entries = folderEntries(DEFAULT_THEME_DIR, {
    'theme.json': JSON.stringify({ name, description: `${name} test theme`, version: '2.0.0', language: 'en' }),
    'templates/index.liquid': `{% layout "layout" %}{% block content %}<p id="marker">${marker}</p>{% endblock %}`,
  });
  return buildZip([...entries, ...extra]);
}

export async function uploadPackage(t: TestApp, token: string, filename: string, bytes: Buffer): Promise<ApiResponse<any>> {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), filename);
  const res = await fetch(`${t.url}/api/templeteLibrary/upload`, { method: 'POST', headers: { 'x-token': token, 'x-language': 'en' }, body: form });
  return { ...(await res.json()), status: res.status };
}

/** Every path (files and folders, including hidden ones) under a folder, relative; [] when it is missing. */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (sub: string) => {
    const items = await fs.readdir(path.join(dir, sub), { withFileTypes: true }).catch(() => []);
    for (const d of items) {
      const rel = sub ? `${sub}/${d.name}` : d.name;
      out.push(rel);
      if (d.isDirectory()) await walk(rel);
    }
  };
  await walk('');
  return out.sort();
}
