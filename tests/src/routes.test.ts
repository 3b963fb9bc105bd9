import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../../src/routes/views';
import { PREFIX_TITLES } from '../../src/routes/prefixes';
import { staticImportsOf } from './staticImports';

// The router knows the screens' paths from the start; their components (each lazy import with its preload
// list) come with the first screen after the dashboard (src/routes/registry.ts, loadViews).

describe('the screens the router knows', () => {
  it('has a title for every parameterised screen, and a screen for every titled prefix', () => {
    const prefixed = Object.keys(VIEWS).filter((p) => p.endsWith('/*')).map((p) => p.slice(0, -1));
    expect(prefixed.sort()).toEqual(Object.keys(PREFIX_TITLES).sort());
  });

  it('keeps the screens\' lazy imports out of what the login page and the shell load', () => {
    const repo = path.resolve(__dirname, '../..');
    const reached = [...staticImportsOf(path.join(repo, 'src/main.tsx')).keys(), ...staticImportsOf(path.join(repo, 'src/layout/Shell.tsx')).keys()];
    const rel = reached.map((f) => path.relative(repo, f).split(path.sep).join('/'));
    expect(rel).toContain('src/routes/registry.ts');
    expect(rel).not.toContain('src/routes/views.ts');
    expect(rel.filter((f) => /^src\/features\/[^/]+\/views\.ts$/.test(f))).toEqual([]);
  });
});
