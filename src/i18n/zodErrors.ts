import { z } from 'zod';
import type { FieldErrors } from '../../machines/resourceForm.machine';
import { hasKey, languageStore, t } from './index';

const locales = { zh: z.locales.zhCN(), en: z.locales.en() } as const;

/** Validates with a shared schema; our own message keys (validation.*) are translated, others come from zod's locale. */
export function validateWith(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values, { error: locales[languageStore.get()].localeError as never });
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (!errors[field]) errors[field] = hasKey(issue.message) ? t(issue.message) : issue.message;
  }
  return errors;
}
