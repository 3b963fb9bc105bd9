import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FS } from 'liquidjs';

/** Largest template file the renderer reads. */
export const MAX_TEMPLATE_BYTES = 512 * 1024;

export class TemplateAccessError extends Error {
  constructor(file: string) {
    super(`template outside the theme refused: ${file}`);
    this.name = 'TemplateAccessError';
  }
}

const inside = (root: string, file: string) => file === root || file.startsWith(root + path.sep);

/**
 * A LiquidJS file system that reads only regular files inside one theme folder. Every path is resolved
 * through realpath, so neither `..`, absolute paths nor symbolic links leave the folder.
 */
export function themeFs(themeRoot: string): FS {
  const root = fs.realpathSync(path.resolve(themeRoot));

  const checkSync = (file: string): string => {
    if (!path.isAbsolute(file) || !inside(root, path.resolve(file))) throw new TemplateAccessError(file);
    const real = fs.realpathSync(file);
    if (!inside(root, real)) throw new TemplateAccessError(file);
    const stat = fs.statSync(real);
    if (!stat.isFile() || stat.size > MAX_TEMPLATE_BYTES) throw new TemplateAccessError(file);
    return real;
  };
  const check = async (file: string): Promise<string> => {
    if (!path.isAbsolute(file) || !inside(root, path.resolve(file))) throw new TemplateAccessError(file);
    const real = await fsp.realpath(file);
    if (!inside(root, real)) throw new TemplateAccessError(file);
    const stat = await fsp.stat(real);
    if (!stat.isFile() || stat.size > MAX_TEMPLATE_BYTES) throw new TemplateAccessError(file);
    return real;
  };

  return {
    sep: path.sep,
    dirname: (file) => path.dirname(file),
    resolve: (dir, file, ext) => {
      const withExt = path.extname(file) ? file : file + ext;
      return path.resolve(dir, withExt);
    },
    exists: async (file) => check(file).then(() => true, () => false),
    existsSync: (file) => {
      try {
        checkSync(file);
        return true;
      } catch {
        return false;
      }
    },
    readFile: async (file) => fsp.readFile(await check(file), 'utf8'),
    readFileSync: (file) => fs.readFileSync(checkSync(file), 'utf8'),
    contains: async (dir, file) => {
      try {
        const realDir = await fsp.realpath(dir);
        return inside(root, realDir) && inside(realDir, await check(file));
      } catch {
        return false;
      }
    },
    containsSync: (dir, file) => {
      try {
        const realDir = fs.realpathSync(dir);
        return inside(root, realDir) && inside(realDir, checkSync(file));
      } catch {
        return false;
      }
    },
  };
}
