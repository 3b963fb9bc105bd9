import { z } from 'zod';
import type { Language } from './language';
import { DESIGNER_ATTACHMENT_LIMIT, FORM_LABEL_POSITION_DEFAULT, FORM_LABEL_WIDTH_DEFAULT, FORM_SIZE_DEFAULT, GRID_COLUMNS } from './constants';
import { validationSentence, type ValidationTemplate } from './validationMessages';

// The form-designer rule format (spec §3 "Form-designer field rule", "Form options") and the one rule
// engine that checks submitted values: the designer's preview (client) and the public submit path
// (server) both call checkFormValues, so a form accepts exactly the same values on both sides.

export const FORM_COMPONENT_TYPES = [
  'input',
  'textarea',
  'number',
  'radio',
  'checkbox',
  'select',
  'switch',
  'date',
  'time',
  'rate',
  'slider',
  'cascader',
  'upload',
  'image',
  'richText',
  'divider',
  'row',
] as const;
export type FormComponentType = (typeof FORM_COMPONENT_TYPES)[number];

/** Types that hold no value (a divider draws a line; a row groups its children side by side). */
export const VALUELESS_TYPES: readonly FormComponentType[] = ['divider', 'row'];
/** validate.min/max are lengths for these. */
export const TEXT_TYPES: readonly FormComponentType[] = ['input', 'textarea', 'richText'];
/** validate.min/max/step are values for these; number strings are coerced to numbers. */
export const NUMERIC_TYPES: readonly FormComponentType[] = ['number', 'rate', 'slider'];
/** validate.min/max are counts for these (and for a select with props.multiple). */
export const COUNTED_TYPES: readonly FormComponentType[] = ['checkbox', 'upload', 'image'];
/** Types whose value is picked from props.options. */
export const CHOICE_TYPES: readonly FormComponentType[] = ['radio', 'checkbox', 'select', 'cascader'];
/** Questionnaire statistics count answers per option for these. */
export const STATISTIC_TYPES: readonly FormComponentType[] = ['radio', 'checkbox', 'select', 'rate'];
/** Types whose values are files (attachment checks apply on the public site). */
export const FILE_TYPES: readonly FormComponentType[] = ['upload', 'image'];
/** Inquiry fields a form field can feed (effect.inquiry) when the form creates inquiries. */
export const INQUIRY_TARGETS = ['name', 'phone', 'email', 'company', 'content'] as const;
export type InquiryTarget = (typeof INQUIRY_TARGETS)[number];
/** Upload fields take at most this many files (props.limit may lower it); an image field takes one. */
export const UPLOAD_LIMIT_MAX = DESIGNER_ATTACHMENT_LIMIT;
export const IMAGE_LIMIT = 1;
/** A rate field's default number of stars (props.count). */
export const RATE_COUNT_DEFAULT = 5;
/** A rule's field name: letters, digits, _ and -, starting with a letter or _. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const RESERVED_FIELDS = new Set(['__proto__', 'constructor', 'prototype']);

const compiles = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/** Does the token at `at` repeat what precedes it more than once (`*`, `+`, `{n}`/`{n,}`/`{n,m}` with a top above 1)? `?` does not. */
function repeatsAt(pattern: string, at: number): boolean {
  const c = pattern[at];
  if (c === '*' || c === '+') return true;
  if (c !== '{') return false;
  const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(pattern.slice(at));
  if (!m) return false;
  const top = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return top > 1;
}

/**
 * A pattern whose matching time can explode on a crafted value (catastrophic backtracking, ReDoS): a
 * back-reference, or a repeated group that itself repeats or alternates — `(a+)+`, `(a|aa)*`, `(\w+\s?)*`.
 * Such patterns cannot be saved, and one stored before this rule never runs against a visitor's value.
 * Conservative: a few harmless patterns (`(com|net)+`) are refused too; they can be written without the
 * repeated group.
 */
export function isSlowPattern(pattern: string): boolean {
  if (/\\[1-9]|\\k</.test(pattern)) return true;
  const groups: Array<{ repeats: boolean; alternates: boolean }> = [{ repeats: false, alternates: false }];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const top = groups[groups.length - 1]!;
    if (c === '\\') {
      i++;
    } else if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
    } else if (c === '(') {
      groups.push({ repeats: false, alternates: false });
      // (?:  (?=  (?!  (?<=  (?<!  (?<name>: the prefix is not a quantifier.
      if (pattern[i + 1] === '?') {
        const prefix = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(pattern.slice(i + 1));
        if (prefix) i += prefix[0].length;
      }
    } else if (c === ')') {
      const group = groups.length > 1 ? groups.pop()! : top;
      const repeated = repeatsAt(pattern, i + 1);
      if (repeated && (group.repeats || group.alternates)) return true;
      const parent = groups[groups.length - 1]!;
      parent.repeats ||= group.repeats || repeated;
    } else if (c === '|') {
      top.alternates = true;
    } else if (repeatsAt(pattern, i)) {
      top.repeats = true;
    }
  }
  return false;
}

/** Values longer than this never reach a pattern: even a safe pattern's polynomial cases stay short. */
export const PATTERN_INPUT_MAX = 1000;

export const FormValidate = z.object({
  required: z.boolean().optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  step: z.number().finite().positive().optional(),
  pattern: z
    .string()
    .max(500)
    .refine(compiles, { message: 'validation.pattern' })
    .refine((p) => !isSlowPattern(p), { message: 'validation.patternSlow' })
    .optional(),
  message: z.string().max(200).optional(),
});
export type FormValidate = z.infer<typeof FormValidate>;

export interface FormOption {
  label: string;
  value: string | number;
  children?: FormOption[];
}
export const FormOption: z.ZodType<FormOption> = z.lazy(() =>
  z.object({
    label: z.string().max(200),
    value: z.union([z.string().max(200), z.number().finite()]),
    children: z.array(FormOption).max(500).optional(),
  }),
);

export interface FormGrid {
  x: number;
  y: number;
  w: number;
  h: number;
}
/** attrs.grid: the rule's place on the designer's 24-column grid. */
export const FormGrid = z.object({
  x: z.number().int().min(0).max(GRID_COLUMNS - 1),
  y: z.number().int().min(0),
  w: z.number().int().min(1).max(GRID_COLUMNS),
  h: z.number().int().min(1),
});

export interface FormControl {
  value: unknown;
  rule: string[];
}

export interface FormRule {
  field: string;
  title: string;
  info?: string;
  type: FormComponentType;
  validate?: FormValidate[];
  props?: Record<string, unknown>;
  attrs?: Record<string, unknown>;
  style?: Record<string, unknown>;
  effect?: Record<string, unknown>;
  children?: FormRule[];
  control?: FormControl[];
}

const Bag = z.record(z.string(), z.unknown());
export const FormRule: z.ZodType<FormRule> = z.lazy(() =>
  z
    .object({
      field: z.string().max(64),
      title: z.string().max(200),
      info: z.string().max(500).optional(),
      type: z.enum(FORM_COMPONENT_TYPES),
      validate: z.array(FormValidate).max(20).optional(),
      props: Bag.optional(),
      attrs: Bag.optional(),
      style: Bag.optional(),
      effect: Bag.optional(),
      children: z.array(FormRule).max(100).optional(),
      control: z.array(z.object({ value: z.unknown(), rule: z.array(z.string().max(64)).max(100) })).max(50).optional(),
    })
    .superRefine((rule, ctx) => {
      if (!VALUELESS_TYPES.includes(rule.type) && (!FIELD_NAME_PATTERN.test(rule.field) || RESERVED_FIELDS.has(rule.field)))
        ctx.addIssue({ code: 'custom', path: ['field'], message: 'validation.formField' });
      if (rule.attrs?.grid !== undefined && !FormGrid.safeParse(rule.attrs.grid).success)
        ctx.addIssue({ code: 'custom', path: ['attrs', 'grid'], message: 'validation.formGrid' });
      const options = rule.props?.options;
      if (options !== undefined && !z.array(FormOption).max(500).safeParse(options).success)
        ctx.addIssue({ code: 'custom', path: ['props', 'options'], message: 'validation.formOptions' });
      const target = rule.effect?.inquiry;
      if (target !== undefined && !(INQUIRY_TARGETS as readonly unknown[]).includes(target))
        ctx.addIssue({ code: 'custom', path: ['effect', 'inquiry'], message: 'validation.formInquiry' });
    }),
) as z.ZodType<FormRule>;

export const FORM_LABEL_POSITIONS = ['left', 'right', 'top'] as const;
export const FORM_SIZES = ['mini', 'small', 'medium', 'large'] as const;
export const FormOptions = z.object({
  inline: z.boolean().default(false),
  hideRequiredAsterisk: z.boolean().default(false),
  labelPosition: z.enum(FORM_LABEL_POSITIONS).default(FORM_LABEL_POSITION_DEFAULT),
  size: z.enum(FORM_SIZES).default(FORM_SIZE_DEFAULT),
  /** A CSS length ('125px', '30%', '8em'); it is written into the public page's style. */
  labelWidth: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,2})?(px|%|em|rem)?$/)
    .default(FORM_LABEL_WIDTH_DEFAULT),
  showMessage: z.boolean().default(true),
  inlineMessage: z.boolean().default(false),
  submitBtn: z.boolean().default(true),
  resetBtn: z.boolean().default(false),
});
export type FormOptions = z.infer<typeof FormOptions>;
export const defaultFormOptions = (): FormOptions => FormOptions.parse({});

/** Every rule that holds a value, in order (a row's children take its place; dividers drop out). */
export function formFields(rules: readonly FormRule[]): FormRule[] {
  const out: FormRule[] = [];
  const walk = (list: readonly FormRule[]) => {
    for (const rule of list) {
      if (rule.type === 'row') walk(rule.children ?? []);
      else if (!VALUELESS_TYPES.includes(rule.type)) out.push(rule);
    }
  };
  walk(rules);
  return out;
}

export const FormDesign = z
  .object({
    rules: z.array(FormRule).max(200),
    options: FormOptions.default(defaultFormOptions),
  })
  .superRefine((design, ctx) => {
    const seen = new Set<string>();
    for (const rule of formFields(design.rules)) {
      if (seen.has(rule.field)) ctx.addIssue({ code: 'custom', path: ['rules'], message: 'validation.formFieldDuplicate' });
      seen.add(rule.field);
    }
  });
export type FormDesign = z.infer<typeof FormDesign>;
export const emptyFormDesign = (): FormDesign => ({ rules: [], options: defaultFormOptions() });

export type FormDesignParse = { ok: true; design: FormDesign } | { ok: false; error: string };

/** The struct editor / JSON import: a design object, or a bare rules array (options take their defaults). */
export function parseFormDesignJson(text: string): FormDesignParse {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  const input = Array.isArray(raw) ? { rules: raw } : raw;
  const parsed = FormDesign.safeParse(input);
  if (parsed.success) return { ok: true, design: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, error: `${issue.path.join('.') || '_'}: ${issue.message}` };
}

// ---------------------------------------------------------------- the rule engine

export interface FormCheck {
  /** The stored values: visible fields only, coerced, blank optional fields left out. */
  values: Record<string, unknown>;
  /** One sentence per failing field, keyed by field, naming the field's title. */
  errors: Record<string, string>;
}

type Scalar = string | number;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
/** Blank: missing, null, a whitespace-only string or an empty list. */
export const isBlankValue = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const optionsOf = (rule: FormRule): FormOption[] => (Array.isArray(rule.props?.options) ? (rule.props.options as FormOption[]) : []);
const isMultiple = (rule: FormRule) => rule.type === 'checkbox' || (rule.type === 'select' && rule.props?.multiple === true);
/** How many files an upload/image field takes. */
export function fileLimit(rule: FormRule): number {
  if (rule.type === 'image') return IMAGE_LIMIT;
  const limit = Number(rule.props?.limit);
  return Number.isInteger(limit) && limit >= 1 ? Math.min(limit, UPLOAD_LIMIT_MAX) : UPLOAD_LIMIT_MAX;
}
export const isRequired = (rule: FormRule) => (rule.validate ?? []).some((v) => v.required === true);

type Coerced = { ok: true; value: unknown } | { ok: false; template: ValidationTemplate; params?: Record<string, string | number> };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const FILE_URL = /^(https?:\/\/|\/)[^\s"'<>]*$/i;

function validDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** A choice matches an option by its string form and takes the option's own value. */
function pick(options: FormOption[], v: Scalar): Scalar | undefined {
  return options.find((o) => String(o.value) === String(v))?.value;
}

function asList(raw: unknown): unknown[] {
  return Array.isArray(raw) ? raw : [raw];
}

/** The value a field stores for a non-blank raw value, or why it cannot. */
function coerce(rule: FormRule, raw: unknown, lang: Language): Coerced {
  const expected = (key: string) => ({ ok: false as const, template: 'type' as const, params: { expected: EXPECTED[lang][key] } });
  switch (rule.type) {
    case 'input':
    case 'textarea':
    case 'richText':
      return typeof raw === 'string' ? { ok: true, value: raw } : expected('string');
    case 'number':
    case 'rate':
    case 'slider': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : expected('number');
    }
    case 'radio':
    case 'select':
    case 'checkbox': {
      const options = optionsOf(rule);
      if (isMultiple(rule)) {
        const out: Scalar[] = [];
        for (const item of asList(raw)) {
          if (!isScalar(item)) return { ok: false, template: 'choice' };
          const v = options.length ? pick(options, item) : item;
          if (v === undefined) return { ok: false, template: 'choice' };
          if (!out.some((o) => String(o) === String(v))) out.push(v);
        }
        return { ok: true, value: out };
      }
      if (!isScalar(raw)) return { ok: false, template: 'choice' };
      const v = options.length ? pick(options, raw) : raw;
      return v === undefined ? { ok: false, template: 'choice' } : { ok: true, value: v };
    }
    case 'switch':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'on' || raw === '1' || raw === 1) return { ok: true, value: true };
      if (raw === 'false' || raw === 'off' || raw === '0' || raw === 0) return { ok: true, value: false };
      return expected('boolean');
    case 'date':
      return typeof raw === 'string' && validDate(raw) ? { ok: true, value: raw } : { ok: false, template: 'format' };
    case 'time':
      return typeof raw === 'string' && TIME.test(raw) ? { ok: true, value: raw } : { ok: false, template: 'format' };
    case 'cascader': {
      let path: unknown = raw;
      if (typeof raw === 'string' && raw.trim().startsWith('[')) {
        try {
          path = JSON.parse(raw);
        } catch {
          return { ok: false, template: 'choice' };
        }
      }
      const list = asList(path);
      if (!list.length || !list.every(isScalar)) return { ok: false, template: 'choice' };
      let level = optionsOf(rule);
      if (!level.length) return { ok: true, value: list };
      const out: Scalar[] = [];
      for (const step of list as Scalar[]) {
        const option = level.find((o) => String(o.value) === String(step));
        if (!option) return { ok: false, template: 'choice' };
        out.push(option.value);
        level = option.children ?? [];
      }
      return { ok: true, value: out };
    }
    case 'upload':
    case 'image': {
      const files: { name: string; url: string }[] = [];
      for (const item of asList(raw)) {
        const file =
          typeof item === 'string'
            ? { name: item.split('/').pop() ?? item, url: item }
            : item && typeof item === 'object' && typeof (item as { url?: unknown }).url === 'string'
              ? { name: String((item as { name?: unknown }).name ?? ''), url: (item as { url: string }).url }
              : undefined;
        if (!file || !FILE_URL.test(file.url) || file.url.length > 1000 || file.name.length > 255) return { ok: false, template: 'format' };
        files.push(file);
      }
      return { ok: true, value: files };
    }
    default:
      return { ok: false, template: 'invalid' };
  }
}

/** Spec §5: the image picker takes one image only. */
const ONE_IMAGE: Record<Language, (field: string) => string> = {
  zh: (field) => `${field}：最多只能选择一张图片`,
  en: (field) => `${field}: at most one image may be selected`,
};

const EXPECTED: Record<Language, Record<string, string>> = {
  zh: { string: '文本', number: '数字', boolean: '是或否' },
  en: { string: 'text', number: 'a number', boolean: 'true or false' },
};

function isStepMultiple(v: number, step: number): boolean {
  const ratio = v / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
}

/** The first limit of one validate item the value breaks, as a template. */
function breach(rule: FormRule, item: FormValidate, value: unknown): { template: ValidationTemplate; params?: Record<string, string | number> } | undefined {
  if (TEXT_TYPES.includes(rule.type) && typeof value === 'string') {
    if (item.min !== undefined && value.length < item.min) return { template: 'textTooShort', params: { min: item.min } };
    if (item.max !== undefined && value.length > item.max) return { template: 'textTooLong', params: { max: item.max } };
    // A slow pattern (stored before they were refused) or an over-long value fails closed, never runs.
    if (item.pattern !== undefined && compiles(item.pattern) && (isSlowPattern(item.pattern) || value.length > PATTERN_INPUT_MAX || !new RegExp(item.pattern).test(value))) return { template: 'format' };
  }
  if (NUMERIC_TYPES.includes(rule.type) && typeof value === 'number') {
    if (item.min !== undefined && value < item.min) return { template: 'numberTooSmall', params: { min: item.min } };
    if (item.max !== undefined && value > item.max) return { template: 'numberTooBig', params: { max: item.max } };
    if (item.step !== undefined && !isStepMultiple(value, item.step)) return { template: 'multipleOf', params: { divisor: item.step } };
  }
  if ((COUNTED_TYPES.includes(rule.type) || isMultiple(rule)) && Array.isArray(value)) {
    if (item.min !== undefined && value.length < item.min) return { template: 'tooFew', params: { min: item.min } };
    if (item.max !== undefined && value.length > item.max) return { template: 'tooMany', params: { max: item.max } };
  }
  return undefined;
}

/** A limit the component itself sets, whatever its validate list says. */
function ownLimit(rule: FormRule, value: unknown): { template: ValidationTemplate; params?: Record<string, string | number> } | undefined {
  if (FILE_TYPES.includes(rule.type) && Array.isArray(value) && value.length > fileLimit(rule)) return { template: 'tooMany', params: { max: fileLimit(rule) } };
  if (rule.type === 'rate' && typeof value === 'number') {
    const count = Number(rule.props?.count);
    const max = Number.isInteger(count) && count >= 1 ? count : RATE_COUNT_DEFAULT;
    if (value < 0) return { template: 'numberTooSmall', params: { min: 0 } };
    if (value > max) return { template: 'numberTooBig', params: { max } };
  }
  return undefined;
}

/** Whether a controlling field's value equals a control's value (lists element-wise, scalars by string form). */
export function controlMatches(value: unknown, expected: unknown): boolean {
  if (Array.isArray(value) || Array.isArray(expected)) {
    if (!Array.isArray(value) || !Array.isArray(expected) || value.length !== expected.length) return false;
    return value.every((v, i) => controlMatches(v, expected[i]));
  }
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return scalar(value) && scalar(expected) && String(value) === String(expected);
}

/**
 * Which fields are shown for these values: a field named in some rule's `control` is shown only when
 * one of those controlling fields is itself shown and its (coerced) value equals that control's value.
 */
export function visibleFields(rules: readonly FormRule[], values: Record<string, unknown>, lang: Language = 'zh'): Set<string> {
  const fields = formFields(rules);
  const byField = new Map(fields.map((r) => [r.field, r]));
  const controllers = new Map<string, { rule: FormRule; value: unknown }[]>();
  for (const rule of fields)
    for (const c of rule.control ?? [])
      for (const name of c.rule) controllers.set(name, [...(controllers.get(name) ?? []), { rule, value: c.value }]);
  const memo = new Map<string, boolean>();
  const shown = (field: string, trail: Set<string>): boolean => {
    if (memo.has(field)) return memo.get(field)!;
    const list = controllers.get(field);
    if (!list) return true;
    if (trail.has(field)) return false;
    trail.add(field);
    const result = list.some(({ rule, value }) => {
      if (!shown(rule.field, trail)) return false;
      const raw = Object.hasOwn(values, rule.field) ? values[rule.field] : undefined;
      if (isBlankValue(raw)) return false;
      const c = coerce(rule, raw, lang);
      return c.ok && controlMatches(c.value, value);
    });
    trail.delete(field);
    memo.set(field, result);
    return result;
  };
  return new Set([...byField.keys()].filter((f) => shown(f, new Set())));
}

/**
 * Checks submitted values against a form's rules. Unknown keys and hidden fields are dropped; values
 * are coerced only as documented: number strings to numbers (number/rate/slider); a single value to
 * a list (checkbox, multiple select, upload, image; duplicates dropped from choices); a choice to its
 * option's value by string form; 'true'/'on'/'1' and 'false'/'off'/'0' to booleans (switch); a JSON
 * array string to a path (cascader); a file URL string to { name, url } (upload, image). A required
 * switch must be on. A failing validate item with a `message` answers that message.
 */
export function checkFormValues(rules: readonly FormRule[], values: Record<string, unknown>, lang: Language): FormCheck {
  const input = values && typeof values === 'object' ? values : {};
  const visible = visibleFields(rules, input, lang);
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const rule of formFields(rules)) {
    if (!visible.has(rule.field)) continue;
    const items = rule.validate ?? [];
    const sentence = (t: { template: ValidationTemplate; params?: Record<string, string | number> }, item?: FormValidate) =>
      item?.message?.trim() ? item.message : validationSentence(lang, t.template, { field: rule.title || rule.field, ...t.params });
    const raw = Object.hasOwn(input, rule.field) ? input[rule.field] : undefined;
    const requiredItem = items.find((v) => v.required === true);
    if (isBlankValue(raw)) {
      if (requiredItem) errors[rule.field] = sentence({ template: 'required' }, requiredItem);
      continue;
    }
    const c = coerce(rule, raw, lang);
    if (!c.ok) {
      errors[rule.field] = sentence(c);
      continue;
    }
    if (requiredItem && ((rule.type === 'switch' && c.value === false) || isBlankValue(c.value))) {
      errors[rule.field] = sentence({ template: 'required' }, requiredItem);
      continue;
    }
    const own = ownLimit(rule, c.value);
    if (own) {
      errors[rule.field] = rule.type === 'image' ? ONE_IMAGE[lang](rule.title || rule.field) : sentence(own);
      continue;
    }
    let failed = false;
    for (const item of items) {
      const b = breach(rule, item, c.value);
      if (b) {
        errors[rule.field] = sentence(b, item);
        failed = true;
        break;
      }
    }
    if (!failed) out[rule.field] = c.value;
  }
  return { values: out, errors };
}
