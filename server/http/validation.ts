import type { z } from 'zod';
import type { Language } from '../../models/language';
import { parseLocalized, REQUIRED_KEY, requiredSentence, type FieldIssue, type ValidationLocale } from '../../models/validationMessages';
import { ApiError } from './errors';
import { isMessageKey, translate, type MessageKey } from '../i18n/messages';

export type { FieldIssue };

/** How the server words validation failures: the shared sentences, our own keys from the server catalog. */
export function serverValidationLocale(lang: Language): ValidationLocale {
  return { lang, message: (key) => (isMessageKey(key) ? translate(lang, key) : undefined) };
}

/**
 * A 400 for one field a check beyond the schema refused: "required" is worded like the schema's own
 * failures ("标题为必填项"); other keys are sentences of their own.
 */
export function invalidField(lang: Language, field: string, key: MessageKey, label?: string): ApiError {
  const locale = serverValidationLocale(lang);
  const message = key === REQUIRED_KEY ? requiredSentence(label ? { ...locale, label: () => label } : locale, field) : translate(lang, key);
  return new ApiError(400, 'error.invalidInput', { message }, { issues: [{ field, message }] });
}

/** Parses input with a shared schema; failures become a 400 whose msg is a sentence naming the field, in the caller's language. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, lang: Language): z.infer<S> {
  const result = parseLocalized(schema, input ?? {}, serverValidationLocale(lang));
  if (result.success) return result.data;
  const first = result.issues[0]!;
  throw new ApiError(400, 'error.invalidInput', { message: first.message }, { issues: result.issues });
}
