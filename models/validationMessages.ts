import { z } from 'zod';
import type { Language } from './language';
import { FIELD_LABELS } from './fieldLabels';

export { FIELD_LABELS };

// Validation failures as sentences in the user's language that name the field ("标题为必填项" /
// "Title is required"), never zod's own wording. Server (request envelopes, import previews) and client
// (form errors) parse with the same function; each side supplies its translator for our own message
// keys (validation.*, attachment.*, ...) and, where it knows them, the fields' localized labels.

type Template =
  | 'required'
  | 'type'
  | 'textTooShort'
  | 'textTooLong'
  | 'numberTooSmall'
  | 'numberAbove'
  | 'numberTooBig'
  | 'numberBelow'
  | 'tooFew'
  | 'tooMany'
  | 'dateTooEarly'
  | 'dateTooLate'
  | 'format'
  | 'email'
  | 'url'
  | 'oneOf'
  | 'choice'
  | 'multipleOf'
  | 'unknownFields'
  | 'invalid'
  | 'unnamed';

const TEMPLATES: Record<Language, Record<Template, string>> = {
  zh: {
    required: '{field}为必填项',
    type: '{field}应为{expected}',
    textTooShort: '{field}至少需要 {min} 个字符',
    textTooLong: '{field}不能超过 {max} 个字符',
    numberTooSmall: '{field}不能小于 {min}',
    numberAbove: '{field}必须大于 {min}',
    numberTooBig: '{field}不能大于 {max}',
    numberBelow: '{field}必须小于 {max}',
    tooFew: '{field}至少需要 {min} 项',
    tooMany: '{field}最多 {max} 项',
    dateTooEarly: '{field}不能早于 {min}',
    dateTooLate: '{field}不能晚于 {max}',
    format: '{field}格式不正确',
    email: '{field}须为有效的邮箱地址',
    url: '{field}须为有效的网址',
    oneOf: '{field}须为以下之一：{values}',
    choice: '{field}的取值无效',
    multipleOf: '{field}须为 {divisor} 的倍数',
    unknownFields: '不支持的字段：{keys}',
    invalid: '{field}无效',
    unnamed: '字段“{name}”',
  },
  en: {
    required: '{field} is required',
    type: '{field} must be {expected}',
    textTooShort: '{field} must be at least {min} characters',
    textTooLong: '{field} must be at most {max} characters',
    numberTooSmall: '{field} must be at least {min}',
    numberAbove: '{field} must be greater than {min}',
    numberTooBig: '{field} must be at most {max}',
    numberBelow: '{field} must be less than {max}',
    tooFew: '{field} needs at least {min} items',
    tooMany: '{field} may have at most {max} items',
    dateTooEarly: '{field} may not be before {min}',
    dateTooLate: '{field} may not be after {max}',
    format: '{field} is not in a valid format',
    email: '{field} must be a valid e-mail address',
    url: '{field} must be a valid web address',
    oneOf: '{field} must be one of: {values}',
    choice: '{field} has an invalid value',
    multipleOf: '{field} must be a multiple of {divisor}',
    unknownFields: 'Unsupported fields: {keys}',
    invalid: '{field} is invalid',
    unnamed: 'The field "{name}"',
  },
};

const EXPECTED: Record<Language, Record<string, string>> = {
  zh: { string: '文本', number: '数字', int: '整数', bigint: '整数', boolean: '是或否', array: '列表', object: '对象', date: '日期', file: '文件' },
  en: {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    bigint: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    date: 'a date',
    file: 'a file',
  },
};

export interface ValidationLocale {
  lang: Language;
  /** The localized label of a field (its path joined with dots), when the caller knows one. */
  label?: (field: string) => string | undefined;
  /** The text of one of our own message keys, or undefined when `key` is not one. */
  message?: (key: string) => string | undefined;
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** The message key our schemas use for "this field must be filled in". */
export const REQUIRED_KEY = 'validation.required';
/** What a zod issue carries when the schema gave no message of its own. */
const ZOD_DEFAULT = '\u0000zod';

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export type ValidationTemplate = Template;

/** One shared sentence for a field the caller names itself (form-designer rules name fields by their title). */
export function validationSentence(lang: Language, template: Template, params: Record<string, string | number>): string {
  return fill(TEMPLATES[lang][template], params);
}

/** The label a sentence names the field by: the caller's, then the shared one, then the raw name quoted. */
export function fieldLabel(locale: ValidationLocale, path: readonly PropertyKey[] | string): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((p) => p !== '');
  const field = parts.join('.');
  const last = [...parts].reverse().find((p) => !/^\d+$/.test(p)) ?? field;
  return (
    locale.label?.(field) ??
    (last !== field ? locale.label?.(last) : undefined) ??
    FIELD_LABELS[locale.lang][field] ??
    FIELD_LABELS[locale.lang][last] ??
    fill(TEMPLATES[locale.lang].unnamed, { name: field || '_' })
  );
}

/** "标题为必填项" / "Title is required". */
export function requiredSentence(locale: ValidationLocale, path: readonly PropertyKey[] | string): string {
  return fill(TEMPLATES[locale.lang].required, { field: fieldLabel(locale, path) });
}

/** A field's own message joined to its label ("价格：须为数字"), or the required sentence. */
export function fieldSentence(locale: ValidationLocale, path: readonly PropertyKey[] | string, key: string): string {
  if (key === REQUIRED_KEY) return requiredSentence(locale, path);
  const text = locale.message?.(key) ?? key;
  return locale.lang === 'zh' ? `${fieldLabel(locale, path)}：${text}` : `${fieldLabel(locale, path)}: ${text}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function limit(v: unknown, lang: Language): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return typeof v === 'number' || typeof v === 'bigint' ? v.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en') : String(v);
}

/** One zod issue as a sentence; `input` is what was parsed (to tell a missing field from a wrong one). */
export function issueSentence(issue: z.core.$ZodIssue, input: unknown, locale: ValidationLocale): string {
  const T = TEMPLATES[locale.lang];
  const path = issue.path;
  if (issue.message === REQUIRED_KEY) return requiredSentence(locale, path);
  if (issue.message !== ZOD_DEFAULT) return locale.message?.(issue.message) ?? issue.message;
  const field = () => fieldLabel(locale, path);
  const raw = valueAt(input, path);
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(raw)) return fill(T.required, { field: field() });
      return fill(T.type, { field: field(), expected: EXPECTED[locale.lang][issue.expected] ?? issue.expected });
    case 'too_small': {
      const min = limit(issue.minimum, locale.lang);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 || isBlank(raw) ? fill(T.required, { field: field() }) : fill(T.textTooShort, { field: field(), min });
      if (issue.origin === 'array' || issue.origin === 'set') return Number(issue.minimum) <= 1 && (isBlank(raw) || (Array.isArray(raw) && !raw.length)) ? fill(T.required, { field: field() }) : fill(T.tooFew, { field: field(), min });
      if (issue.origin === 'date') return fill(T.dateTooEarly, { field: field(), min: limit(new Date(Number(issue.minimum)), locale.lang) });
      return fill(issue.inclusive === false ? T.numberAbove : T.numberTooSmall, { field: field(), min });
    }
    case 'too_big': {
      const max = limit(issue.maximum, locale.lang);
      if (issue.origin === 'string') return fill(T.textTooLong, { field: field(), max });
      if (issue.origin === 'array' || issue.origin === 'set') return fill(T.tooMany, { field: field(), max });
      if (issue.origin === 'date') return fill(T.dateTooLate, { field: field(), max: limit(new Date(Number(issue.maximum)), locale.lang) });
      return fill(issue.inclusive === false ? T.numberBelow : T.numberTooBig, { field: field(), max });
    }
    case 'invalid_format':
      if (isBlank(raw)) return fill(T.required, { field: field() });
      if (issue.format === 'email') return fill(T.email, { field: field() });
      if (issue.format === 'url') return fill(T.url, { field: field() });
      return fill(T.format, { field: field() });
    case 'invalid_value':
      if (isBlank(raw)) return fill(T.required, { field: field() });
      if (issue.values.length && issue.values.length <= 8) return fill(T.oneOf, { field: field(), values: issue.values.map(String).join(locale.lang === 'zh' ? '、' : ', ') });
      return fill(T.choice, { field: field() });
    case 'not_multiple_of':
      return fill(T.multipleOf, { field: field(), divisor: String(issue.divisor) });
    case 'unrecognized_keys':
      return fill(T.unknownFields, { keys: issue.keys.map((k) => fieldLabel(locale, [...path, k])).join(locale.lang === 'zh' ? '、' : ', ') });
    case 'invalid_union':
      if (isBlank(raw)) return fill(T.required, { field: field() });
      return fill(T.invalid, { field: field() });
    default:
      return fill(T.invalid, { field: field() });
  }
}

export type LocalizedParse<T> = { success: true; data: T } | { success: false; issues: FieldIssue[] };

/** Parses with a shared schema; failures come back as one sentence per issue, naming the field. */
export function parseLocalized<S extends z.ZodType>(schema: S, input: unknown, locale: ValidationLocale): LocalizedParse<z.infer<S>> {
  const result = schema.safeParse(input, { error: () => ZOD_DEFAULT });
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    issues: result.error.issues.map((issue) => ({ field: issue.path.join('.') || '_', message: issueSentence(issue, input, locale) })),
  };
}
