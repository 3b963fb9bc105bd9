import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGS, mergeCatalogs, type Tree } from '../../src/i18n/catalogs';
import { zh as coreZh } from '../../src/i18n/zh';
import { messages as dashboard } from '../../src/features/dashboard/i18n';

// The login page, the shell and its first screen (the dashboard) show before the features' strings load
// (src/i18n/index.ts): every key they name must be in the core catalog or the dashboard's.

const has = (tree: Tree, key: string) => typeof key.split('.').reduce<Tree | string | undefined>((t, k) => (t && typeof t === 'object' ? t[k] : undefined), tree) === 'string';

const FIRST_SCREENS = ['src/features/login', 'src/layout', 'src/features/dashboard', 'src/app', 'src/components/Toaster.tsx', 'src/components/PopupMenu.tsx', 'src/components/LoadError.tsx', 'src/components/Logo.tsx', 'src/components/Icon.tsx', 'src/components/ErrorBoundary.tsx', 'src/api/http.ts'];

function files(p: string): string[] {
  const full = path.resolve(p);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs.readdirSync(full).flatMap((f) => (/\.tsx?$/.test(f) ? [path.join(full, f)] : []));
}

describe('the strings of the first screens', () => {
  it('come with the core catalog or the dashboard\'s, not with the other features\' strings', () => {
    const early = mergeCatalogs(coreZh as unknown as Tree, dashboard.zh as Tree);
    const missing: string[] = [];
    for (const file of FIRST_SCREENS.flatMap(files)) {
      for (const [, key] of fs.readFileSync(file, 'utf8').matchAll(/['`]([a-z][a-zA-Z]*(?:\.[a-zA-Z0-9_]+)+)['`]/g)) {
        // A string that is a key of some feature's catalog must already be there before they load.
        if (has(CATALOGS.zh, key!) && !has(early, key!)) missing.push(`${key} (${path.relative(process.cwd(), file)})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
