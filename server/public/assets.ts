import fs from 'node:fs/promises';
import path from 'node:path';

// Static files of a theme, served from its assets/ folder only.

export const ASSETS_DIR = 'assets';
const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const MAX_ASSET_BYTES = 10 * 1024 * 1024;

/** A theme asset's bytes and type, or undefined when it is missing, not allowed or outside assets/. */
export async function readAsset(themeDir: string, file: string): Promise<{ body: Buffer; contentType: string } | undefined> {
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!type || file.includes('\0')) return undefined;
  try {
    const root = await fs.realpath(path.join(themeDir, ASSETS_DIR));
    const real = await fs.realpath(path.resolve(root, file));
    if (!real.startsWith(root + path.sep)) return undefined;
    const stat = await fs.stat(real);
    if (!stat.isFile() || stat.size > MAX_ASSET_BYTES) return undefined;
    return { body: await fs.readFile(real), contentType: type };
  } catch {
    return undefined;
  }
}
