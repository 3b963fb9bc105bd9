import { z } from 'zod';
import { PLUGIN_VERSION, PluginId, PluginText } from './plugin';

// The plugin market (spec §2 /Plugin/index, tab "market"): a catalogue of signed packages (server/pluginHost/
// market/), read from the shipped index or from a configured URL, and the calls that install or upgrade one.

/** One package as the catalogue's index.json lists it. `signature`: base64 Ed25519 over the zip's SHA-256 digest. */
export const CatalogueEntry = z.object({
  id: PluginId,
  version: z.string().regex(PLUGIN_VERSION),
  name: PluginText,
  description: PluginText,
  author: z.string().trim().min(1).max(100),
  /** The zip, relative to the index (a plain file name). */
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.zip$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/),
  size: z.number().int().positive(),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntry>;

export const Catalogue = z.object({ packages: z.array(CatalogueEntry).max(500) });
export type Catalogue = z.infer<typeof Catalogue>;

/** How a catalogue package stands against what is installed. */
export const MARKET_STATUSES = ['notInstalled', 'installed', 'upgradable'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** A row of GET /plugin/market. */
export interface MarketPackage {
  id: string;
  version: string;
  name: PluginText;
  description: PluginText;
  author: string;
  size: number;
  status: MarketStatus;
  /** The installed version, or null. */
  installed_version: string | null;
}

export interface MarketView {
  /** The configured catalogue URL ('' when the shipped catalogue is used). */
  url: string;
  packages: MarketPackage[];
  /** Why the catalogue could not be read (in the caller's language), or null. */
  error: string | null;
}

export const MarketInstallBody = z.object({ id: PluginId });
export type MarketInstallBody = z.infer<typeof MarketInstallBody>;

/** '' goes back to the shipped catalogue. */
export const MarketUrlBody = z.object({
  url: z.string().trim().max(500).regex(/^(https?:\/\/[^\s/?#]+[^\s]*)?$/i, { message: 'pluginMarket.badUrl' }),
});
export type MarketUrlBody = z.infer<typeof MarketUrlBody>;

/** Files a market package may hold besides manifest.json, migrations/*.sql and README.md. */
export const PLUGIN_ASSET_EXTENSIONS = ['png', 'svg', 'css'] as const;

export const PLUGIN_PACKAGE_LIMITS = {
  entries: 100,
  fileBytes: 1024 * 1024,
  totalBytes: 5 * 1024 * 1024,
  /** The zip itself. */
  zipBytes: 5 * 1024 * 1024,
} as const;
