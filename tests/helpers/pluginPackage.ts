import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildZip, type ZipEntry } from './zip';
import { signPackage } from '../../server/pluginHost/market/signature';
import type { CatalogueEntry } from '../../models/pluginMarket';

// Market plugin packages for tests: a manifest (and migrations, extra entries) zipped with buildZip, signed
// with a key the test generates, and written with its index.json into a catalogue folder the test app reads
// (config.pluginCatalogueDir) or a loopback server serves.

export interface TestKey {
  privateKey: crypto.KeyObject;
  /** Raw 32-byte public key, base64 (what config.pluginKeys holds). */
  publicRaw: string;
}

export function generateTestKey(): TestKey {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  return { privateKey, publicRaw: Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64') };
}

export function testManifest(id: string, version = '1.0.0', extra: Record<string, unknown> = {}) {
  return {
    id,
    version,
    name: { zh: `测试插件 ${id}`, en: `Test plugin ${id}` },
    description: { zh: '测试用的市场插件', en: 'A market plugin for tests' },
    author: 'Banyan tests',
    capabilities: ['page.inject'],
    hooks: ['page.render'],
    settings: [{ name: 'text', label: { zh: '文字', en: 'Text' }, type: 'text', default: 'hello' }],
    inject: { body: '<div class="test-{{ settings.text }}" data-plugin="' + id + '">{{ settings.text }}</div>' },
    ...extra,
  };
}

export interface PackageSpec {
  manifest: Record<string, unknown> & { id: string; version: string };
  migrations?: Record<string, string>;
  /** More entries as they are (hostile names, symlinks …). */
  entries?: ZipEntry[];
  /** Leave manifest.json out. */
  noManifest?: boolean;
}

export function packageZip(spec: PackageSpec): Buffer {
  const entries: ZipEntry[] = [];
  if (!spec.noManifest) entries.push({ name: 'manifest.json', data: JSON.stringify(spec.manifest, null, 2) });
  for (const [name, sql] of Object.entries(spec.migrations ?? {})) entries.push({ name: `migrations/${name}`, data: sql });
  entries.push(...(spec.entries ?? []));
  return buildZip(entries);
}

/** The catalogue entry of a zip signed with `key` (the listed id/version may differ from the manifest's on purpose). */
export function catalogueEntry(zip: Buffer, key: crypto.KeyObject, listed: { id: string; version: string; name?: { zh: string; en: string }; description?: { zh: string; en: string }; author?: string }): CatalogueEntry {
  return {
    id: listed.id,
    version: listed.version,
    name: listed.name ?? { zh: `测试插件 ${listed.id}`, en: `Test plugin ${listed.id}` },
    description: listed.description ?? { zh: '测试用的市场插件', en: 'A market plugin for tests' },
    author: listed.author ?? 'Banyan tests',
    file: `${listed.id}-${listed.version}.zip`,
    ...signPackage(zip, key),
  };
}

/** Writes zips and index.json into `dir` (replacing the index). */
export function writeCatalogue(dir: string, packages: Array<{ entry: CatalogueEntry; zip: Buffer }>) {
  fs.mkdirSync(dir, { recursive: true });
  for (const p of packages) fs.writeFileSync(path.join(dir, p.entry.file), p.zip);
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ packages: packages.map((p) => p.entry) }, null, 2) + '\n');
}

/** Builds, signs and lists one package. */
export function signedPackage(key: crypto.KeyObject, spec: PackageSpec, listed = { id: spec.manifest.id, version: spec.manifest.version }) {
  const zip = packageZip(spec);
  const m = spec.manifest as { name?: { zh: string; en: string }; description?: { zh: string; en: string }; author?: string };
  return { zip, entry: catalogueEntry(zip, key, { ...listed, name: m.name, description: m.description, author: m.author }) };
}
