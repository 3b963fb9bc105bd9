import type { FieldType, ModelField } from './contentModel';
import { isSiteUrl } from './siteUrl';

// Values of a content item's model fields: checked against the model's fields (required, type,
// options), coerced to each type's stored shape, defaults applied. Shared by the content server
// and the content form. Rich text is returned as given: the content server sanitises it with the
// one allowlist (models/html.ts) before storing.

export type FieldErrorKey =
  | 'validation.required'
  | 'validation.fieldText'
  | 'validation.fieldNumber'
  | 'validation.fieldOption'
  | 'validation.fieldBoolean'
  | 'validation.fieldDate'
  | 'validation.fieldDatetime'
  | 'validation.fieldUrl';

export interface FieldValuesResult {
  /** One entry per field, by name: the coerced value, the default, or the type's empty value. */
  values: Record<string, unknown>;
  /** Field name → message key, for every field that failed. */
  errors: Record<string, FieldErrorKey>;
}

/** Longest text a field takes, by type. */
export const FIELD_TEXT_MAX: Partial<Record<FieldType, number>> = { text: 1000, textarea: 20_000, richtext: 500_000, image: 1000, file: 1000 };
export const FIELD_LIST_MAX = 100;

type Check = { ok: true; value: unknown } | { ok: false; error: FieldErrorKey };
const ok = (value: unknown): Check => ({ ok: true, value });
const fail = (error: FieldErrorKey): Check => ({ ok: false, error });

/** Nothing entered: absent, null, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** What a field holds when nothing was entered and it has no default. */
export function emptyValueOf(type: FieldType): unknown {
  switch (type) {
    case 'number':
      return null;
    case 'switch':
      return false;
    case 'checkbox':
    case 'images':
      return [];
    default:
      return '';
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

function realDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/**
 * A link to an uploaded or remote file: http(s) or a path on this site; never javascript: or data:, and never a
 * quote, bracket or parenthesis that could end the attribute or CSS url('…') a theme writes it into (the rule
 * marketing links follow).
 */
function isFileUrl(value: string): boolean {
  return isSiteUrl(value);
}

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/** One scalar or a list, as a list. */
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function checkValue(field: ModelField, value: unknown): Check {
  const optionValues = new Set(field.options.map((o) => o.value));
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'richtext': {
      const text = asText(value);
      if (text === undefined || text.length > FIELD_TEXT_MAX[field.type]!) return fail('validation.fieldText');
      return ok(field.type === 'richtext' ? text : text.trim());
    }
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
      return Number.isFinite(n) ? ok(n) : fail('validation.fieldNumber');
    }
    case 'select':
    case 'radio': {
      const text = asText(value);
      return text !== undefined && optionValues.has(text) ? ok(text) : fail('validation.fieldOption');
    }
    case 'checkbox': {
      const list = asList(value).map(asText);
      if (list.length > FIELD_LIST_MAX || list.some((v) => v === undefined || !optionValues.has(v))) return fail('validation.fieldOption');
      // Kept in the options' order, each once.
      const chosen = new Set(list as string[]);
      return ok(field.options.map((o) => o.value).filter((v) => chosen.has(v)));
    }
    case 'switch': {
      if (value === true || value === 1 || value === '1' || value === 'true') return ok(true);
      if (value === false || value === 0 || value === '0' || value === 'false') return ok(false);
      return fail('validation.fieldBoolean');
    }
    case 'date': {
      const m = typeof value === 'string' ? DATE.exec(value.trim()) : null;
      return m && realDate(m[1]!, m[2]!, m[3]!) ? ok((value as string).trim()) : fail('validation.fieldDate');
    }
    case 'datetime': {
      const m = typeof value === 'string' ? DATETIME.exec(value.trim()) : null;
      if (!m || !realDate(m[1]!, m[2]!, m[3]!) || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return fail('validation.fieldDatetime');
      return ok(`${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`);
    }
    case 'image':
    case 'file': {
      const text = typeof value === 'string' ? value.trim() : undefined;
      return text !== undefined && text.length <= FIELD_TEXT_MAX[field.type]! && isFileUrl(text) ? ok(text) : fail('validation.fieldUrl');
    }
    case 'images': {
      const list = asList(value);
      const texts = list.map((v) => (typeof v === 'string' ? v.trim() : undefined));
      if (list.length > FIELD_LIST_MAX || texts.some((v) => v === undefined || v.length > 1000 || !isFileUrl(v))) return fail('validation.fieldUrl');
      return ok(texts);
    }
  }
}

/**
 * Checks submitted values against a model's fields and returns them coerced (numbers as numbers,
 * checkbox choices as a list in the options' order, datetimes as "YYYY-MM-DD HH:mm:ss"), with defaults
 * for what was left empty. Names that are not fields of the model are dropped.
 */
export function validateFieldValues(fields: readonly ModelField[], values: Record<string, unknown>): FieldValuesResult {
  const out: Record<string, unknown> = {};
  const errors: Record<string, FieldErrorKey> = {};
  for (const field of fields) {
    const given = Object.prototype.hasOwnProperty.call(values, field.name) ? values[field.name] : undefined;
    let value = given;
    if (isEmptyValue(value) && !isEmptyValue(field.default_value)) value = field.default_value;
    if (isEmptyValue(value)) {
      if (field.required) errors[field.name] = 'validation.required';
      out[field.name] = emptyValueOf(field.type);
      continue;
    }
    const checked = checkValue(field, value);
    if (checked.ok) out[field.name] = checked.value;
    else {
      errors[field.name] = checked.error;
      out[field.name] = emptyValueOf(field.type);
    }
  }
  return { values: out, errors };
}

/** Checks a field's own default value: the coerced default (null when there is none) or the failure. */
export function checkDefaultValue(field: Omit<ModelField, 'id' | 'model_id' | 'required'>): { value: unknown; error?: FieldErrorKey } {
  if (isEmptyValue(field.default_value)) return { value: null };
  const { values, errors } = validateFieldValues([{ ...field, id: 0, model_id: 0, required: false }], { [field.name]: field.default_value });
  return { value: values[field.name], error: errors[field.name] };
}
