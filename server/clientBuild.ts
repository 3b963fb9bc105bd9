import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR, DIST_DIR } from './app';

const SOURCES = ['src', 'models', 'machines', 'vite.config.ts', 'server/clientBundle.ts', 'package.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when dist/ is missing or older than the client's sources. */
export function clientIsStale(): boolean {
  const index = path.join(DIST_DIR, 'index.html');
  if (!fs.existsSync(index)) return true;
  if (!fs.existsSync(path.join(ROOT_DIR, 'src'))) return false; // a deployment shipped with dist only
  const built = fs.statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT_DIR, s)) > built);
}

/** Builds the admin SPA with Vite when needed (first `npm start`, or after the sources changed). */
export async function ensureClientBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (!clientIsStale()) return;
  log('Building the admin interface (first start or sources changed)…');
  const { build } = await import('vite');
  // Always the production build users get: a caller's NODE_ENV (vitest sets "test") would otherwise make Vite
  // bundle React's development build, whose StrictMode double effects and size are not what ships.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(ROOT_DIR, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
