import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Issue 15: the project states one Node runtime (package.json `engines.node`, the Node 20 of CI) and every
// installed package must accept all of it, so `npm ci` prints no EBADENGINE warning and nothing we ship was
// only promised to work on a newer Node. Checked on package-lock.json, the exact tree `npm ci` installs.

// semver comes with the tree (fastify and sharp depend on it); no types are installed for it.
const semver = createRequire(import.meta.url)('semver') as {
  validRange(range: string): string | null;
  satisfies(version: string, range: string): boolean;
  subset(sub: string, dom: string): boolean;
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines?: { node?: string } };
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: Record<string, string> | string[] }>;
};

/**
 * Known exceptions, each pinned to one exact version so that any upgrade or downgrade must be looked at again.
 * None today: sanitize-html (2.17.6 and later need Node >= 22.12, and every version that allows Node 20 lacks
 * its recent XSS fixes) was replaced by server/services/sanitize.ts, which writes a body out again from the tree
 * parse5 builds, keeping only the shared allowlist.
 */
const ACCEPTED: Record<string, string> = {};

/** Installed packages (lockfile entries) whose `engines.node` leaves out part of the project's range. */
function enginesExcluding(projectRange: string): string[] {
  const out: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || Array.isArray(entry.engines)) continue; // the root, or the long-gone array form npm ignores
    const node = entry.engines?.node;
    if (!node || ACCEPTED[where] === entry.version) continue;
    if (!semver.validRange(node) || !semver.subset(projectRange, node)) out.push(`${where}@${entry.version} needs node ${node}`);
  }
  return out;
}

describe('the Node runtime the project states', () => {
  it('package.json states a Node 20 range that the running Node satisfies', () => {
    const range = pkg.engines?.node;
    expect(range, 'engines.node').toBeTruthy();
    expect(semver.validRange(range!)).not.toBeNull();
    expect(semver.satisfies('20.19.0', range!)).toBe(true);
    expect(semver.satisfies('22.12.0', range!)).toBe(false);
    expect(semver.satisfies(process.versions.node, range!)).toBe(true);
  });

  it('every installed package supports the whole of that range (no EBADENGINE on npm ci)', () => {
    expect(enginesExcluding(pkg.engines!.node!)).toEqual([]);
  });

  it('the accepted exceptions are still installed at the pinned version (else drop or revisit them)', () => {
    for (const [where, version] of Object.entries(ACCEPTED)) expect(lock.packages[where]?.version, where).toBe(version);
  });
});
