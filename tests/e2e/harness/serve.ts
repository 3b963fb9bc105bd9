import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

// Builds the editor harness page with Vite into a temporary folder and serves it (plus a stand-in image
// for every /uploads/ or /img/ URL) on a free local port.

const HARNESS_DIR = path.dirname(fileURLToPath(import.meta.url));

/** A 96×64 picture of a tree: what every uploaded or remote image shows in the harness. */
export const TREE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAMAAADS6oI8AAAACVBMVEXh7vUui1d5VTwQ+wrSAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAgUlEQVRYw+3YSw6AMAwD0Qz3PzQLhFghxGciWtkHyNs1cauSkcIRc7agcB55/BcE15HHvyJAFbgTe/4DAVwBXAFkwQbAFUAWhgdAFgIECDADkNf0BxttgqXv30X+Zeffpv517feDhobjd7SGltnQkxuafsdfxZZlTwUIECBAgF5gBQxBCUp707qmAAAAAElFTkSuQmCC',
  'base64',
);

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

export interface HarnessServer {
  url: string;
  close(): Promise<void>;
}

export async function buildAndServeHarness(): Promise<HarnessServer> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-editor-harness-'));
  const [{ build }, { default: react }, { adminAliases }, { lucidePaths }] = await Promise.all([import('vite'), import('@vitejs/plugin-react'), import('../../../server/clientBundle'), import('../../../server/clientIcons')]);
  const repo = path.resolve(HARNESS_DIR, '../../..');
  await build({
    configFile: false,
    root: HARNESS_DIR,
    base: '/',
    logLevel: 'warn',
    // The admin's own module aliases and icon outlines (vite.config.ts).
    plugins: [react(), lucidePaths(repo)],
    resolve: { alias: adminAliases(repo) },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000, rolldownOptions: { input: path.join(HARNESS_DIR, 'editor.html') } },
  });
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname.startsWith('/uploads/') || pathname.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(TREE_PNG);
      return;
    }
    const file = path.join(outDir, pathname === '/' ? 'editor.html' : pathname);
    if (!file.startsWith(outDir)) return void res.writeHead(403).end();
    try {
      const body = await fs.readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(outDir, { recursive: true, force: true });
    },
  };
}
