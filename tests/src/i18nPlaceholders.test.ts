import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../src/i18n/catalogs';

// rosetta fills {{name}} only: a {name} in a catalog reaches the user as written, and a {{name}} the code
// never passes is shown empty. Both are caught here, for every message of both catalogs.

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('i18n.ts') ? [path] : [];
  });
}

/** The balanced `{...}` starting at `start`, or '' when the text there is not an object literal. */
function objectAt(text: string, start: number): string {
  if (text[start] !== '{') return '';
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if ('{(['.includes(text[i]!)) depth++;
    else if ('})]'.includes(text[i]!) && --depth === 0) return text.slice(start, i + 1);
  }
  return '';
}

/** Top-level property names of an object literal (`a: 1`, shorthand `b`); null when it spreads another object. */
function paramNames(literal: string): Set<string> | null {
  let flat = literal.slice(1, -1);
  // Drop nested brackets and strings so only the top-level properties remain.
  for (let prev = ''; prev !== flat; ) {
    prev = flat;
    flat = flat.replace(/\([^()]*\)|\[[^[\]]*\]|\{[^{}]*\}|'[^']*'|"[^"]*"|`[^`]*`/g, '0');
  }
  if (flat.includes('...')) return null;
  const names = new Set<string>();
  for (const m of flat.matchAll(/(?:^|,)\s*([A-Za-z_$][\w$]*)\s*(?=[:,]|$)/g)) names.add(m[1]!);
  return names;
}

interface Call {
  file: string;
  params: Set<string> | null;
}

/** The argument text from `start` up to its top-level `,` or `)`. */
function argumentAt(text: string, start: number): { arg: string; end: number } {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if ('{(['.includes(c)) depth++;
    else if ('})]'.includes(c)) {
      if (depth === 0) return { arg: text.slice(start, i), end: i };
      depth--;
    } else if (c === ',' && depth === 0) return { arg: text.slice(start, i), end: i };
  }
  return { arg: text.slice(start), end: text.length };
}

/** Every t('literal.key', …) (or t(cond ? 'a.b' : 'c.d', …)) in the SPA, with the parameters it passes. */
function literalCalls(): Map<string, Call[]> {
  const calls = new Map<string, Call[]>();
  for (const file of sourceFiles(join(__dirname, '../../src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(/g)) {
      const { arg, end } = argumentAt(text, m.index! + m[0].length);
      const keys = [...arg.matchAll(/(['"`])([\w]+(?:\.[\w]+)+)\1/g)].map((k) => k[2]!);
      if (!keys.length) continue;
      let params: Set<string> | null = new Set<string>();
      if (text[end] === ',') {
        const start = end + 1 + (text.slice(end + 1).length - text.slice(end + 1).trimStart().length);
        const literal = objectAt(text, start);
        params = literal ? paramNames(literal) : text[start] === ')' ? new Set<string>() : null;
      }
      for (const key of keys) {
        const list = calls.get(key) ?? [];
        list.push({ file: file.replace(/^.*\/src\//, 'src/'), params });
        calls.set(key, list);
      }
    }
  }
  return calls;
}

const placeholders = (message: string) => [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);

describe('i18n placeholders', () => {
  for (const lang of ['zh', 'en'] as const) {
    const messages = flatten(CATALOGS[lang] as Tree);

    it(`every ${lang} placeholder uses rosetta's {{name}} syntax`, () => {
      const wrong = [...messages].filter(([, v]) => /(?<!\{)\{\s*\w+\s*\}(?!\})/.test(v)).map(([k, v]) => `${k}: ${v}`);
      expect(wrong).toEqual([]);
    });

    it(`every ${lang} placeholder is filled wherever the code shows the message`, () => {
      const calls = literalCalls();
      const unfilled: string[] = [];
      for (const [key, message] of messages) {
        if (!placeholders(message).length) continue;
        if (!calls.has(key)) unfilled.push(`${key}: no t('${key}', { … }) shows it`);
        for (const call of calls.get(key) ?? []) {
          if (!call.params) continue;
          for (const name of placeholders(message)) if (!call.params.has(name)) unfilled.push(`${key} {{${name}}} in ${call.file}`);
        }
      }
      expect(unfilled).toEqual([]);
    });
  }

  it('zh and en messages take the same placeholders', () => {
    const zh = flatten(CATALOGS.zh as Tree);
    const en = flatten(CATALOGS.en as Tree);
    const differing = [...zh]
      .filter(([k, v]) => placeholders(v).sort().join() !== placeholders(en.get(k) ?? '').sort().join())
      .map(([k]) => k);
    expect(differing).toEqual([]);
  });
});
