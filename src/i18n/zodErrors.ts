import type { z } from 'zod';
import type { FieldErrors } from '../../machines/resourceForm.machine';
import { parseLocalized, type ValidationLocale } from '../../models/validationMessages';
import { hasKey, languageStore, t } from './index';

/** How forms word validation failures: the sentences the server uses, our own keys from the catalogs. */
export function clientValidationLocale(labels?: (field: string) => string | undefined): ValidationLocale {
  return { lang: languageStore.get(), label: labels, message: (key) => (hasKey(key) ? t(key) : undefined) };
}

/**
 * Validates with a shared schema; each failing field gets one sentence naming it ("标题为必填项").
 * `labels` gives the field's label as the form shows it, when the form knows one.
 */
export function validateWith(schema: z.ZodType, values: unknown, labels?: (field: string) => string | undefined): FieldErrors {
  const result = parseLocalized(schema, values, clientValidationLocale(labels));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.field.split('.')[0]!;
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}
