import { z } from 'zod';
import { DateFilter, Id, Paging, TextFilter } from './common';
import { FormDesign, optionsOf, type FormOption, type FormRule } from './formRules';
import type { Language } from './language';
import { FORM_CODE_PATTERN } from './formCode';

// Forms and questionnaires (/Form/index, /form/detail, spec §3-§5): a site's forms, their designer rules
// (models/formRules.ts) and the submissions the public site collects. A published form answers at
// /form/<code>/ and through the Liquid tag {% form 'code' %}; uninstalling a form clears its data.

export const FORM_TYPES = ['form', 'questionnaire'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FORM_STATUSES = ['published', 'unpublished'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export { FORM_CODE_PATTERN };
/** Submissions per export file at most (the export streams nothing bigger through one request). */
export const FORM_EXPORT_MAX = 50_000;
/** Hidden field that people leave empty; a filled one marks a bot (answered as sent, stored nowhere). */
export const FORM_HONEYPOT = 'website';
/** Largest public form body without files (bytes). */
export const FORM_BODY_LIMIT = 64 * 1024;

export const Form = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: z.enum(FORM_TYPES),
  status: z.enum(FORM_STATUSES),
  description: z.string(),
  creates_inquiry: z.boolean(),
  submission_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Form = z.infer<typeof Form>;

/** The form with its design (GET /form/design). */
export const FormWithDesign = Form.extend({ design: FormDesign });
export type FormWithDesign = z.infer<typeof FormWithDesign>;

const fields = {
  name: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  code: z
    .string()
    .trim()
    .max(50)
    .refine((v) => v === '' || FORM_CODE_PATTERN.test(v), { message: 'validation.formCode' })
    .default(''),
  type: z.enum(FORM_TYPES, { message: 'validation.required' }),
  description: z.string().trim().max(500).default(''),
  creates_inquiry: z.coerce.boolean().default(false),
};
export const FormCreate = z.object(fields);
export type FormCreate = z.infer<typeof FormCreate>;
export const FormUpdate = z.object({ id: Id, ...fields });
export type FormUpdate = z.infer<typeof FormUpdate>;
export const FormListQuery = Paging.extend({
  name: TextFilter,
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(FORM_TYPES).optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(FORM_STATUSES).optional()),
});
export type FormListQuery = z.infer<typeof FormListQuery>;

export const FormSaveDesignBody = z.object({ id: Id, design: FormDesign });
export const FormStatusBody = z.object({ id: Id, status: z.enum(FORM_STATUSES) });

export const FormSubmission = z.object({
  id: z.number().int(),
  form_id: z.number().int(),
  values: z.record(z.string(), z.unknown()),
  ip: z.string(),
  region: z.string(),
  user_agent: z.string(),
  page: z.string(),
  inquiry_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type FormSubmission = z.infer<typeof FormSubmission>;

/** GET /form/detail: one form's submissions, newest first, within dates and matching a keyword. */
export const SubmissionListQuery = Paging.extend({
  id: Id,
  start: DateFilter,
  end: DateFilter,
  keyword: TextFilter,
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;
export const SubmissionExportQuery = SubmissionListQuery.omit({ page: true, limit: true }).extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export const SubmissionReadQuery = z.object({ id: Id });
export const SubmissionDeleteBody = z.object({ ids: z.array(Id).min(1).max(1000) });

/** Questionnaire statistics: per field, how many submissions picked each option. */
export interface FormFieldStatistics {
  field: string;
  title: string;
  type: string;
  /** Submissions that answered this field. */
  answered: number;
  options: { label: string; value: string | number; count: number }[];
}
export interface FormStatistics {
  total: number;
  fields: FormFieldStatistics[];
}

/** A spreadsheet cell a formula-reading program would run (=, +, -, @, tab, CR) is kept as text with a leading '. */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function optionLabel(options: FormOption[], value: unknown): string {
  return options.find((o) => String(o.value) === String(value))?.label ?? String(value);
}

/** One stored value as text: choices by their labels, files by their addresses, switches as yes/no. */
export function displayValue(rule: FormRule, value: unknown, lang: Language): string {
  if (value === undefined || value === null) return '';
  const options = optionsOf(rule);
  const sep = lang === 'zh' ? '、' : ', ';
  switch (rule.type) {
    case 'radio':
    case 'select':
    case 'checkbox':
      return Array.isArray(value) ? value.map((v) => optionLabel(options, v)).join(sep) : optionLabel(options, value);
    case 'cascader': {
      if (!Array.isArray(value)) return String(value);
      let level = options;
      return value
        .map((v) => {
          const o = level.find((x) => String(x.value) === String(v));
          level = o?.children ?? [];
          return o?.label ?? String(v);
        })
        .join(' / ');
    }
    case 'switch':
      return value === true ? (lang === 'zh' ? '是' : 'yes') : lang === 'zh' ? '否' : 'no';
    case 'upload':
    case 'image':
      return Array.isArray(value) ? value.map((f) => (f && typeof f === 'object' ? String((f as { url?: unknown }).url ?? '') : String(f))).join(' ') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

