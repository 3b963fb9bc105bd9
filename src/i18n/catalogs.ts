import { zh as coreZh } from './zh';
import { en as coreEn } from './en';
import { FEATURE_CATALOGS } from './features';
import { mergeCatalogs, type Tree } from './merge';

// The interface strings: the core catalog plus one per feature (src/features/<f>/i18n.ts), merged.
// The running app loads the core at start and the features' strings with the shell (src/i18n/index.ts).

export const CATALOGS = {
  zh: mergeCatalogs(coreZh as unknown as Tree, ...FEATURE_CATALOGS.map((c) => c.zh as Tree)),
  en: mergeCatalogs(coreEn as unknown as Tree, ...FEATURE_CATALOGS.map((c) => c.en as Tree)),
};

export { mergeCatalogs, type Tree };
