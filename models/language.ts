export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
/** localStorage key of the interface language (spec §1). */
export const LANGUAGE_STORAGE_KEY = 'language';
/** Header the client sends so the server answers in the same language. */
export const LANGUAGE_HEADER = 'x-language';

export function toLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const v = value.toLowerCase();
  if (v.startsWith('en')) return 'en';
  return 'zh';
}
