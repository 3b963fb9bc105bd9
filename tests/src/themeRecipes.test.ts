import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScreenRecipes, system } from '../../src/theme/system';

// The admin's Chakra system carries only the recipes it needs (a smaller bundle). A component used without
// its recipe renders unstyled (a segment group shows as run-together text), so every Chakra component the
// screens import must have its recipe in the system.

const RECIPES = path.resolve('node_modules/@chakra-ui/react/dist/esm/theme/recipes');
const camel = (file: string) => file.replace(/\.js$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
/** Chakra's recipe keys: segment-group.js → segmentGroup. */
const chakraRecipes = new Set(fs.readdirSync(RECIPES).filter((f) => f.endsWith('.js')).map(camel));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Components imported from '@chakra-ui/react' anywhere in src/. */
function usedComponents(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sources(path.resolve('src'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const name of m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, ''))) {
        if (/^[A-Z]/.test(name)) used.set(name, path.relative(process.cwd(), file));
      }
    }
  }
  return used;
}

describe('the admin theme', () => {
  it('has the recipe of every Chakra component the screens use', async () => {
    // The screens' recipes join the login page's and the shell's before any screen renders.
    await loadScreenRecipes();
    const config = (system as unknown as { _config: { theme: { recipes?: object; slotRecipes?: object } } })._config.theme;
    const have = new Set([...Object.keys(config.recipes ?? {}), ...Object.keys(config.slotRecipes ?? {})]);
    const missing: string[] = [];
    for (const [name, file] of usedComponents()) {
      const key = name.charAt(0).toLowerCase() + name.slice(1);
      if (chakraRecipes.has(key) && !have.has(key)) missing.push(`${name} (${file})`);
    }
    expect(missing).toEqual([]);
    // The check itself sees the components: the segment group of static generation is among them.
    expect(usedComponents().has('SegmentGroup')).toBe(true);
  });
});
