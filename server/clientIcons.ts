import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { packageExports } from './clientBundle.js';

// Build-time icon outlines: `import d from 'virtual:lucide/<Name>'` is lucide-react's icon <Name> drawn as
// the `d` of one SVG path (src/components/LineIcon.tsx draws it). The login page and the shell carry only
// these strings, not lucide's components and their runtime (≈ 2 kB gzip); the screens keep using lucide-react.

const PREFIX = 'virtual:lucide/';
const RESOLVED = `\0${PREFIX}`;

type IconNode = [tag: string, attrs: Record<string, string>][];

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
const num = (attrs: Record<string, string>, name: string) => Number(attrs[name] ?? 0);

/**
 * A path's `d`, safe to follow another subpath: its first move-to made absolute. A leading `m x y` is absolute
 * already, but the pairs after it are relative line-tos, which stay relative (`l`).
 */
function absoluteStart(d: string): string {
  const trimmed = d.trim();
  if (!trimmed.startsWith('m')) return trimmed;
  NUMBER.lastIndex = 1;
  const x = NUMBER.exec(trimmed)!;
  const y = NUMBER.exec(trimmed)!;
  const rest = trimmed.slice(NUMBER.lastIndex).trim();
  return `M${x[0]} ${y[0]}${rest && !/^[a-zA-Z]/.test(rest) ? `l${rest}` : rest}`;
}

/** One element of an icon as path data (same outline with lucide's stroke-only style). */
function elementPath(tag: string, a: Record<string, string>, icon: string): string {
  const allowed: Record<string, string[]> = {
    path: ['d'],
    circle: ['cx', 'cy', 'r'],
    ellipse: ['cx', 'cy', 'rx', 'ry'],
    rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
    line: ['x1', 'y1', 'x2', 'y2'],
    polyline: ['points'],
    polygon: ['points'],
  };
  // A dot (a filled circle no wider than the stroke) looks the same drawn by the stroke alone.
  const dot = tag === 'circle' && a.fill === 'currentColor' && num(a, 'r') <= 1;
  const extra = Object.keys(a).filter((k) => k !== 'key' && !(dot && k === 'fill') && !allowed[tag]?.includes(k));
  if (!allowed[tag] || extra.length) throw new Error(`lucide icon ${icon}: <${tag}> with ${extra.join(', ') || 'this tag'} cannot be drawn as one outline`);
  switch (tag) {
    case 'path':
      return absoluteStart(a.d!);
    case 'circle':
    case 'ellipse': {
      const [cx, cy] = [num(a, 'cx'), num(a, 'cy')];
      const rx = tag === 'circle' ? num(a, 'r') : num(a, 'rx');
      const ry = tag === 'circle' ? rx : num(a, 'ry');
      return `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0`;
    }
    case 'rect': {
      const [x, y, w, h] = [num(a, 'x'), num(a, 'y'), num(a, 'width'), num(a, 'height')];
      const rx = Math.min(Number(a.rx ?? a.ry ?? 0), w / 2);
      const ry = Math.min(Number(a.ry ?? a.rx ?? 0), h / 2);
      if (!rx || !ry) return `M${x} ${y}h${w}v${h}h${-w}z`;
      const arc = (dx: number, dy: number) => `a${rx} ${ry} 0 0 1 ${dx} ${dy}`;
      return `M${x + rx} ${y}h${w - 2 * rx}${arc(rx, ry)}v${h - 2 * ry}${arc(-rx, ry)}h${2 * rx - w}${arc(-rx, -ry)}v${2 * ry - h}${arc(rx, -ry)}z`;
    }
    case 'line':
      return `M${a.x1} ${a.y1}L${a.x2} ${a.y2}`;
    default: {
      const [x, y, ...rest] = a.points!.trim().split(/[\s,]+/);
      return `M${x} ${y}L${rest.join(' ')}${tag === 'polygon' ? 'z' : ''}`;
    }
  }
}

/** The icon's elements as one path's `d`. */
export function iconPath(node: IconNode, icon = 'icon'): string {
  return node.map(([tag, attrs]) => elementPath(tag, attrs, icon)).join('');
}

/** The elements of lucide-react's icon component `name` (BookOpen, ShieldAlert…), read from its module. */
export function lucideNode(root: string, name: string): IconNode {
  const entry = path.join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs');
  const file = packageExports(entry).get(name)?.[0];
  if (!file) throw new Error(`lucide-react has no icon ${name}`);
  const text = readFileSync(file, 'utf8');
  const literal = text.match(/const __iconData = (\{[\s\S]*?\n\});/)?.[1];
  if (!literal) throw new Error(`lucide-react icon ${name}: no icon data in ${file}`);
  // The module's own object literal (strings and numbers only), from the installed package.
  return (new Function(`return ${literal}`)() as { node: IconNode }).node;
}

export function lucidePaths(root: string): Plugin {
  return {
    name: 'banyan-lucide-paths',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length);
      return `export default ${JSON.stringify(iconPath(lucideNode(root, name), name))};`;
    },
  };
}
