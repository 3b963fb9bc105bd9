import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconPath, lucideNode, lucidePaths } from '../../server/clientIcons';

// The login page and the shell draw lucide's icons from outlines built at build time (server/clientIcons.ts),
// without lucide-react's components: each icon's elements become the `d` of one path, drawn the same way.

const repo = path.resolve(__dirname, '../..');

describe('icon outlines', () => {
  it('draws circles, ellipses, rectangles, lines and polylines as path data', () => {
    expect(iconPath([['circle', { cx: '12', cy: '12', r: '3', key: 'a' }]])).toBe('M9 12a3 3 0 1 0 6 0a3 3 0 1 0 -6 0');
    expect(iconPath([['ellipse', { cx: '12', cy: '5', rx: '9', ry: '3', key: 'a' }]])).toBe('M3 5a9 3 0 1 0 18 0a9 3 0 1 0 -18 0');
    expect(iconPath([['rect', { x: '3', y: '4', width: '18', height: '16', key: 'a' }]])).toBe('M3 4h18v16h-18z');
    // Rounded corners: rx alone rounds both ways.
    expect(iconPath([['rect', { width: '8', height: '4', x: '8', y: '2', rx: '1', key: 'a' }]])).toBe('M9 2h6a1 1 0 0 1 1 1v2a1 1 0 0 1 -1 1h-6a1 1 0 0 1 -1 -1v-2a1 1 0 0 1 1 -1z');
    expect(iconPath([['line', { x1: '2', y1: '12', x2: '22', y2: '12', key: 'a' }]])).toBe('M2 12L22 12');
    expect(iconPath([['polyline', { points: '22 12 18 12 15 21', key: 'a' }]])).toBe('M22 12L18 12 15 21');
  });

  it('keeps a path that starts with a relative move-to where it was once it follows another', () => {
    // `m7 16.5-4.74-2.85` is a move to (7, 16.5) then a relative line: after another subpath, a plain `m` would
    // move relative to where that one ended, and the pair after it would become absolute with a bare `M`.
    expect(iconPath([['path', { d: 'M2 2h4', key: 'a' }], ['path', { d: 'm7 16.5-4.74-2.85', key: 'b' }]])).toBe('M2 2h4M7 16.5l-4.74-2.85');
    expect(iconPath([['path', { d: 'M2 2h4', key: 'a' }], ['path', { d: 'm14.305 16.53.923-.382', key: 'b' }]])).toBe('M2 2h4M14.305 16.53l.923-.382');
    expect(iconPath([['path', { d: 'M2 2h4', key: 'a' }], ['path', { d: 'm12 8 4 4v2', key: 'b' }]])).toBe('M2 2h4M12 8l4 4v2');
  });

  it('refuses what one stroked outline cannot draw, but draws a dot no wider than the stroke', () => {
    expect(() => iconPath([['circle', { cx: '12', cy: '12', r: '5', fill: 'currentColor', key: 'a' }]], 'Blob')).toThrow(/Blob: <circle> with fill/);
    expect(() => iconPath([['path', { d: 'M1 1h2', opacity: '.5', key: 'a' }]], 'Faded')).toThrow(/Faded/);
    expect(iconPath([['circle', { cx: '16.5', cy: '7.5', r: '.5', fill: 'currentColor', key: 'a' }]])).toBe('M16 7.5a0.5 0.5 0 1 0 1 0a0.5 0.5 0 1 0 -1 0');
  });

  it('reads an icon by its lucide-react name, aliases included', () => {
    const node = lucideNode(repo, 'ShieldAlert');
    expect(node.length).toBeGreaterThan(1);
    expect(node.every(([tag]) => typeof tag === 'string')).toBe(true);
    expect(lucideNode(repo, 'ShieldAlert')).toEqual(lucideNode(repo, 'ShieldExclamationPoint'));
    expect(() => lucideNode(repo, 'NoSuchIcon')).toThrow(/no icon NoSuchIcon/);
  });

  it('serves `virtual:lucide/<Name>` as a module whose default export is the outline', () => {
    const plugin = lucidePaths(repo);
    const resolved = (plugin.resolveId as (id: string) => string | undefined)('virtual:lucide/LogOut');
    expect(resolved).toBe('\0virtual:lucide/LogOut');
    expect((plugin.resolveId as (id: string) => string | undefined)('lucide-react')).toBeUndefined();
    const code = (plugin.load as (id: string) => string | undefined)(resolved!);
    expect(code).toBe(`export default ${JSON.stringify(iconPath(lucideNode(repo, 'LogOut')))};`);
    expect(code).toMatch(/^export default "M[^"]+";$/);
  });
});
