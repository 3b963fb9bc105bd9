import { Liquid } from 'liquidjs';
import { badRequest } from '../../http/errors';
import { readZipPackage } from '../../operations/themes/zipPackage';
import { checkMigration } from './sqlRule';
import { PluginManifest } from '../../../models/plugin';
import { PLUGIN_ASSET_EXTENSIONS, PLUGIN_PACKAGE_LIMITS } from '../../../models/pluginMarket';

// A market package, read and checked before anything is written: the zip entries with the template
// library's checks (safe relative paths, regular files only, sizes), then the plugin rules: manifest.json
// valid and naming the catalogue's id and version, declarative only (page injections and own tables, no
// code), Liquid injections that parse, migrations/*.sql that touch only plugin_<id>_* tables.

/** The only hooks and capabilities a declarative package may declare. */
const MARKET_HOOKS = new Set(['page.render']);
const MARKET_CAPABILITIES = new Set(['page.inject', 'db.own']);

export interface PluginPackage {
  manifest: PluginManifest;
  /** migrations/*.sql in name order. */
  migrations: Array<{ name: string; sql: string }>;
  /** Tables the migrations create (dropped on uninstall). */
  tables: string[];
  /** Every file of the package, by relative path. */
  files: Map<string, Buffer>;
}

export function allowedPackageFile(file: string): boolean {
  if (file === 'manifest.json' || file === 'README.md') return true;
  if (/^migrations\/[A-Za-z0-9_-]{1,80}\.sql$/.test(file)) return true;
  const asset = /^assets\/[A-Za-z0-9_-]{1,80}\.([a-z]+)$/.exec(file);
  return !!asset && (PLUGIN_ASSET_EXTENSIONS as readonly string[]).includes(asset[1]!);
}

/** A Liquid engine with no file system: include/render/layout find nothing. */
export function injectionEngine(): Liquid {
  return new Liquid({
    fs: {
      exists: async () => false,
      existsSync: () => false,
      readFile: async () => '',
      readFileSync: () => '',
      resolve: (_dir, file) => file,
      contains: async () => false,
    },
    root: [],
    partials: [],
    layouts: [],
    relativeReference: false,
    strictFilters: true,
    strictVariables: true,
    ownPropertyOnly: true,
    outputEscape: 'escape',
    globals: {},
    parseLimit: 40_000,
    renderLimit: 200,
    memoryLimit: 4_000_000,
  });
}

const FILE_TAGS = new Set(['include', 'render', 'layout']);

function checkTemplate(engine: Liquid, source: string | undefined, part: 'head' | 'body') {
  if (!source) return;
  let templates;
  try {
    templates = engine.parse(source);
  } catch {
    throw badRequest('plugin.pkgTemplate', { part });
  }
  const names = JSON.stringify(templates.map((t) => (t as unknown as { name?: string }).name ?? ''));
  if ([...FILE_TAGS].some((tag) => names.includes(`"${tag}"`)) || /\{%-?\s*(include|render|layout)\b/.test(source)) {
    throw badRequest('plugin.pkgTemplate', { part });
  }
}

/** Reads and verifies a package's content; `expected` is what the catalogue says it is. */
export async function readPluginPackage(bytes: Buffer, expected: { id: string; version: string }): Promise<PluginPackage> {
  const { files } = await readZipPackage(bytes, { kind: 'plugin', limits: PLUGIN_PACKAGE_LIMITS, allowed: allowedPackageFile, unwrap: false });
  const raw = files.get('manifest.json');
  if (!raw) throw badRequest('plugin.pkgNotPlugin');
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('plugin.pkgNotPlugin');
  }
  const parsed = PluginManifest.safeParse(json);
  if (!parsed.success) throw badRequest('plugin.pkgBadManifest', { detail: parsed.error.issues[0]?.path.join('.') || 'manifest' });
  const manifest = parsed.data;
  if (manifest.id !== expected.id) throw badRequest('plugin.pkgIdMismatch', { expected: expected.id, found: manifest.id });
  if (manifest.version !== expected.version) throw badRequest('plugin.pkgVersionMismatch', { expected: expected.version, found: manifest.version });
  const extra = [...manifest.hooks.filter((h) => !MARKET_HOOKS.has(h)), ...manifest.capabilities.filter((c) => !MARKET_CAPABILITIES.has(c))];
  if (extra.length || manifest.schedule_minutes) throw badRequest('plugin.pkgNotDeclarative', { detail: extra[0] ?? 'schedule' });
  if (manifest.inject && !(manifest.hooks.includes('page.render') && manifest.capabilities.includes('page.inject'))) {
    throw badRequest('plugin.pkgNotDeclarative', { detail: 'inject' });
  }
  const engine = injectionEngine();
  checkTemplate(engine, manifest.inject?.head, 'head');
  checkTemplate(engine, manifest.inject?.body, 'body');
  const migrations = [...files.keys()]
    .filter((f) => f.startsWith('migrations/'))
    .sort()
    .map((name) => ({ name: name.slice('migrations/'.length), sql: files.get(name)!.toString('utf8') }));
  if (migrations.length && !manifest.capabilities.includes('db.own')) throw badRequest('plugin.pkgNotDeclarative', { detail: 'db.own' });
  const tables = migrations.flatMap((m) => checkMigration(manifest.id, m.name, m.sql));
  return { manifest, migrations, tables, files };
}
