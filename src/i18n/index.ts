import rosetta from 'rosetta';
import { useStore, createStore } from '../app/store';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '../../models/language';
import { mergeCatalogs, type Tree } from './merge';
import type { FeatureCatalog } from './define';

// The core strings (login, shell, menus) load in the interface language only: main.tsx renders once they are
// here (languageReady), and the other language's load when the user switches to it. The dashboard's arrive
// with the shell (loadShellStrings) and the other features' with the first screen that needs them
// (loadFeatureStrings), so neither the login page nor the first screen downloads every screen's wording.
const CORE: Record<Language, () => Promise<object>> = {
  zh: () => import('./zh').then((m) => m.zh),
  en: () => import('./en').then((m) => m.en),
};
const i18n = rosetta<Tree>();

/** Feature catalogs added so far (both languages), each once (a key may be defined once). */
const added: FeatureCatalog[] = [];
const loaded = new Set<Language>();
const loading = new Map<Language, Promise<void>>();

/** Loads a language's core strings, once, with the feature strings added so far. */
function loadLanguage(lang: Language): Promise<void> {
  let pending = loading.get(lang);
  if (!pending) {
    pending = CORE[lang]().then(
      (core) => {
        i18n.set(lang, mergeCatalogs(core as Tree, ...added.map((c) => c[lang] as Tree)));
        loaded.add(lang);
      },
      (e: unknown) => {
        loading.delete(lang); // offline for a moment: the next call tries again
        throw e;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/** Adds feature catalogs to the loaded languages' strings (a language loaded later gets them then). */
function addCatalogs(catalogs: readonly FeatureCatalog[]) {
  const fresh = catalogs.filter((c) => !added.includes(c));
  added.push(...fresh);
  for (const lang of loaded) i18n.set(lang, mergeCatalogs(i18n.table(lang) as Tree, ...fresh.map((c) => c[lang] as Tree)));
}

let featureStrings: Promise<void> | undefined;
let shellStrings: Promise<void> | undefined;

/** Adds every feature's strings to the catalogs, once; a screen waits for it before it renders. */
export function loadFeatureStrings(): Promise<void> {
  featureStrings ??= Promise.all([languageReady, import('./features')]).then(([, { FEATURE_CATALOGS }]) => addCatalogs(FEATURE_CATALOGS));
  return featureStrings;
}

/**
 * The strings of the shell's first screen (the dashboard), loaded with the shell; the other features'
 * strings (≈ 40 kB gzip) wait until a screen that needs them opens (loadFeatureStrings).
 */
export function loadShellStrings(): Promise<void> {
  shellStrings ??= Promise.all([languageReady, import('../features/dashboard/i18n')]).then(([, { messages }]) => addCatalogs([messages]));
  return shellStrings;
}

function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The interface language, kept in localStorage under `language` (spec §1); zh by default. */
export const languageStore = createStore<Language>(storedLanguage());
i18n.locale(languageStore.get());
/** The interface language's core strings; the app renders once they are here. */
export const languageReady: Promise<void> = loadLanguage(languageStore.get());

/** Switches the interface language once its strings are here. */
export async function setLanguage(lang: Language) {
  await loadLanguage(lang);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  i18n.locale(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  languageStore.set(lang);
}

export type Params = Record<string, string | number>;

/** Translates a key; an unknown key is shown as itself so a missing string is visible, not blank. */
export function t(key: string, params?: Params): string {
  const out = i18n.t(key, params as never);
  return typeof out === 'string' && out !== '' ? out : key;
}

/** Whether the catalog has a key (menu titles typed by admins are shown as written). */
export function hasKey(key: string): boolean {
  const out = i18n.t(key);
  return typeof out === 'string' && out !== '';
}

/** Menu titles are i18n keys when seeded, free text when an admin typed them in menu management. */
export function menuTitle(title: string): string {
  return hasKey(title) ? t(title) : title;
}

/** Re-renders on language change and returns the translator. */
export function useT() {
  const lang = useStore(languageStore);
  return { t, lang };
}
