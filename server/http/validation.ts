import { z } from 'zod';
import type { Language } from '../../models/language';
import { ApiError } from './errors';
import { isMessageKey, translate } from '../i18n/messages';

const zodLocales = { zh: z.locales.zhCN(), en: z.locales.en() } as const;

export interface FieldIssue {
  field: string;
  message: string;
}

/** Localises one zod issue: our own message keys (validation.*) first, then zod's locale. */
function issueMessage(lang: Language, issue: z.core.$ZodIssue): string {
  if (isMessageKey(issue.message)) return translate(lang, issue.message);
  return issue.message;
}

/** Parses input with a shared schema; failures become a 400 naming the field, in the caller's language. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, lang: Language): z.infer<S> {
  const result = schema.safeParse(input ?? {}, { error: zodLocales[lang].localeError as never });
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '_',
    message: issueMessage(lang, issue),
  }));
  const first = issues[0]!;
  throw new ApiError(400, 'error.validation', { field: first.field, message: first.message }, { issues });
}
