import fs from 'node:fs';
import path from 'node:path';

// The files a module reaches through static, value (non-type) imports of our own code: what a browser
// downloads before any dynamic import(). Each entry says whether the file imports zod's runtime.

const IMPORT = /^(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s+'([^']+)'/gms;
const onlyTypes = (clause: string) => /^\{[^}]*\}$/.test(clause) && clause.slice(1, -1).split(',').every((x) => !x.trim() || x.trim().startsWith('type '));

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

export function staticImportsOf(entry: string): Map<string, { zod: boolean }> {
  const reached = new Map<string, { zod: boolean }>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (reached.has(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    let zod = false;
    for (const [, clause, spec] of text.matchAll(IMPORT)) {
      if (onlyTypes(clause!.trim())) continue;
      if (spec === 'zod') zod = true;
      const target = resolve(file, spec!);
      if (target) queue.push(target);
    }
    reached.set(file, { zod });
  }
  return reached;
}
