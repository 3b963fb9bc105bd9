import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { plugins } from '../../db/schema/index';
import { ApiError, conflict } from '../../http/errors';
import { catalogueSource, fetchPackageBytes, loadCatalogue } from '../../pluginHost/market/catalogue';
import { translate } from '../../i18n/messages';
import { marketDefinition } from '../../pluginHost/market/definition';
import { readPluginPackage, type PluginPackage } from '../../pluginHost/market/package';
import { trustedKeys, verifySignedPackage } from '../../pluginHost/market/signature';
import { readStored, removeStored, storePackage } from '../../pluginHost/market/store';
import { checkedStatements, installPlugin, upgradePlugin } from './lifecycle';
import { withPluginLock } from './changes';
import { pluginAt } from '../../../machines/plugin.machine';
import { isNewerVersion } from '../../../models/plugin';
import type { MarketPackage, MarketView } from '../../../models/pluginMarket';
import type { AuthContext } from '../../http/context';
import type { Language } from '../../../models/language';

// Installing and upgrading market plugins: fetch the package the catalogue lists and verify it completely
// (signature, entries, manifest, SQL) before anything is written; then store its files under
// sharedDir/plugins/<id>/<version>/, register its definition and hand over to the plugin lifecycle
// (operations/plugins/lifecycle.ts: chart events, migrations, projection). When the lifecycle refuses, the
// stored files and the definition go again, so a refused package leaves nothing behind.

type App = Pick<FastifyInstance, 'ctx'>;

/** The catalogue merged with what is installed; a catalogue that cannot be read is reported, with the address in use. */
export async function marketView(app: App, lang: Language): Promise<MarketView> {
  const source = await catalogueSource(app.ctx);
  const url = source.kind === 'url' ? source.url : '';
  let catalogue;
  try {
    catalogue = (await loadCatalogue(app.ctx, source)).catalogue;
  } catch (err) {
    if (err instanceof ApiError) return { url, packages: [], error: translate(lang, err.key, err.params) };
    throw err;
  }
  const rows = await app.ctx.db.select({ id: plugins.id, version: plugins.version, state: plugins.state }).from(plugins);
  const installed = new Map(rows.filter((r) => pluginAt(r.state).hasTag('installed')).map((r) => [r.id, r.version]));
  const packages: MarketPackage[] = catalogue.packages.map((p) => {
    const version = installed.get(p.id) ?? null;
    const status = version === null ? 'notInstalled' : isNewerVersion(p.version, version) ? 'upgradable' : 'installed';
    return { id: p.id, version: p.version, name: p.name, description: p.description, author: p.author, size: p.size, status, installed_version: version };
  });
  return { url, packages, error: null };
}

/** Fetches and verifies the catalogue's package `id`; writes nothing. */
async function verifiedPackage(app: App, id: string, newerThan?: string): Promise<PluginPackage> {
  const { source, catalogue } = await loadCatalogue(app.ctx);
  const entry = catalogue.packages.find((p) => p.id === id);
  if (!entry) throw new ApiError(404, 'pluginMarket.notInCatalogue', { id });
  if (newerThan !== undefined && !isNewerVersion(entry.version, newerThan)) throw conflict('pluginMarket.notNewer', { id });
  const bytes = await fetchPackageBytes(app.ctx, source, entry);
  verifySignedPackage(bytes, entry, trustedKeys(app.ctx.config.pluginKeys));
  return readPluginPackage(bytes, { id: entry.id, version: entry.version });
}

const displayName = (pkg: PluginPackage) => pkg.manifest.name.zh;

/** POST /plugin/marketInstall: verify, store, then install (enabled, settings from the manifest's defaults). */
export function installFromMarket(app: App, auth: AuthContext, id: string): Promise<{ name: string; version: string; failure: string | null }> {
  // Its definition is registered before its events commit: no sync of this plugin on this host in between.
  return withPluginLock(app.ctx.plugins, id, () => installNow(app, auth, id));
}

async function installNow(app: App, auth: AuthContext, id: string): Promise<{ name: string; version: string; failure: string | null }> {
  const host = app.ctx.plugins;
  const previous = host.definition(id);
  if (previous?.source === 'builtin') throw conflict('pluginMarket.idTaken', { id });
  const [row] = await app.ctx.db.select({ state: plugins.state }).from(plugins).where(eq(plugins.id, id));
  if (row && pluginAt(row.state).hasTag('installed')) throw conflict('pluginMarket.alreadyInstalled', { id });
  const pkg = await verifiedPackage(app, id);
  const dataDir = app.ctx.config.sharedDir;
  await storePackage(dataDir, id, pkg.manifest.version, pkg.files);
  host.register(marketDefinition(pkg.manifest, pkg.files));
  try {
    const { failure } = await installPlugin(app.ctx, auth.adminId, id);
    return { name: displayName(pkg), version: pkg.manifest.version, failure };
  } catch (err) {
    // Refused by the chart (e.g. installed meanwhile): put back what was there.
    if (previous) host.register(previous);
    else host.unregister(id);
    if (!previous || previous.manifest.version !== pkg.manifest.version) await removeStored(dataDir, id, pkg.manifest.version);
    throw err;
  }
}

/** POST /plugin/upgrade: verify the newer package; settings and enabled/disabled kept; only new migrations run. */
export function upgradeFromMarket(app: App, auth: AuthContext, id: string): Promise<{ name: string; from: string; version: string }> {
  return withPluginLock(app.ctx.plugins, id, () => upgradeNow(app, auth, id));
}

async function upgradeNow(app: App, auth: AuthContext, id: string): Promise<{ name: string; from: string; version: string }> {
  const [row] = await app.ctx.db.select().from(plugins).where(eq(plugins.id, id));
  if (!row || !pluginAt(row.state).hasTag('installed')) throw conflict('pluginMarket.notInstalled', { id });
  if (row.source !== 'market') throw conflict('pluginMarket.notMarket', { id });
  const pkg = await verifiedPackage(app, id, row.version);
  const dataDir = app.ctx.config.sharedDir;
  const old = await readStored(dataDir, id, row.version).catch(() => new Map<string, Buffer>());
  const fresh = pkg.migrations.filter((m) => !old.has(`migrations/${m.name}`));
  await storePackage(dataDir, id, pkg.manifest.version, pkg.files);
  try {
    await upgradePlugin(app.ctx, auth.adminId, marketDefinition(pkg.manifest, pkg.files), async (tx) => {
      for (const statement of checkedStatements(id, fresh.map((m) => m.sql))) await tx.execute(sql.raw(statement));
    });
  } catch (err) {
    await removeStored(dataDir, id, pkg.manifest.version);
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, 'pluginMarket.migrationFailed', { id });
  }
  await removeStored(dataDir, id, row.version);
  return { name: displayName(pkg), from: row.version, version: pkg.manifest.version };
}

/** After an uninstall: the stored files of a market plugin go and the host forgets it. */
export function forgetMarketPlugin(app: App, id: string) {
  return withPluginLock(app.ctx.plugins, id, async () => {
    const def = app.ctx.plugins.definition(id);
    if (def?.source !== 'market') return;
    app.ctx.plugins.unregister(id);
    await removeStored(app.ctx.config.sharedDir, id);
  });
}
