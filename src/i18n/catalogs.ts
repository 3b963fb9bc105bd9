import { zh as coreZh } from './zh';
import { en as coreEn } from './en';
import { FEATURE_CATALOGS } from './features';

// The interface strings: the core catalog plus one per feature (src/features/<f>/i18n.ts), merged.

type Tree = { [key: string]: string | Tree };

/** Deep-merges catalogs; a key defined twice is a mistake and throws. */
export function mergeCatalogs(...parts: Tree[]): Tree {
  const out: Tree = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      const existing = out[k];
      if (existing === undefined) out[k] = typeof v === 'string' ? v : mergeCatalogs(v);
      else if (typeof existing !== 'string' && typeof v !== 'string') out[k] = mergeCatalogs(existing, v);
      else throw new Error(`i18n key defined twice: ${k}`);
    }
  }
  return out;
}

export const CATALOGS = {
  zh: mergeCatalogs(coreZh as unknown as Tree, ...FEATURE_CATALOGS.map((c) => c.zh as Tree)),
  en: mergeCatalogs(coreEn as unknown as Tree, ...FEATURE_CATALOGS.map((c) => c.en as Tree)),
};

export type { Tree };
