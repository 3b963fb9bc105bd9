import { z } from 'zod';
import { Id, Paging, Status, TextFilter } from './common';

// Content models and their fields (spec §1 "models and model fields"; issue 3).

export const FIELD_TYPES = [
  'text', 'textarea', 'number', 'select', 'radio', 'checkbox', 'switch', 'date', 'datetime', 'image', 'images', 'file', 'richtext',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** Field types whose value is one of the options (or several, for checkbox). */
export const OPTION_FIELD_TYPES: readonly FieldType[] = ['select', 'radio', 'checkbox'];

export const Identifier = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(50)
  .regex(/^[a-z][a-z0-9_]*$/, { message: 'validation.identifier' });

export const ContentModel = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  description: z.string(),
  status: Status,
  sort: z.number().int(),
  field_count: z.number().int(),
  created_at: z.string(),
});
export type ContentModel = z.infer<typeof ContentModel>;
const modelFields = {
  name: z.string().trim().min(1, { message: 'validation.required' }).max(50),
  key: Identifier,
  description: z.string().trim().max(500).default(''),
  status: Status.default(1),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
};
export const ContentModelCreate = z.object(modelFields);
export const ContentModelUpdate = z.object({ id: Id, ...modelFields });
export const ContentModelListQuery = Paging.extend({ name: TextFilter });

export const FieldOption = z.object({ value: z.string().trim().min(1).max(100), label: z.string().trim().min(1).max(100) });
export type FieldOption = z.infer<typeof FieldOption>;

export const ModelField = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  name: z.string(),
  title: z.string(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  default_value: z.unknown(),
  options: z.array(FieldOption),
  placeholder: z.string(),
  sort: z.number().int(),
});
export type ModelField = z.infer<typeof ModelField>;

/** Names a model field may not take: they are the content's own columns. */
export const RESERVED_FIELD_NAMES = [
  'id', 'site_id', 'category_id', 'title', 'alias', 'subtitle', 'author', 'source', 'thumbnail', 'keywords',
  'description', 'body', 'fields', 'status', 'is_top', 'is_recommend', 'check_status', 'views', 'sort', 'version',
  'published_at', 'created_at', 'updated_at', 'tags',
] as const;

const fieldFields = {
  model_id: Id,
  name: Identifier.refine((n) => !(RESERVED_FIELD_NAMES as readonly string[]).includes(n), { message: 'validation.reservedName' }),
  title: z.string().trim().min(1, { message: 'validation.required' }).max(50),
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  default_value: z.unknown().optional(),
  options: z.array(FieldOption).max(200).default([]),
  placeholder: z.string().trim().max(200).default(''),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
};
const needsOptions = (v: { type: FieldType; options: FieldOption[] }) => !OPTION_FIELD_TYPES.includes(v.type) || v.options.length > 0;
export const ModelFieldCreate = z.object(fieldFields).refine(needsOptions, { path: ['options'], message: 'validation.optionsRequired' });
export const ModelFieldUpdate = z
  .object({ id: Id, ...fieldFields })
  .refine(needsOptions, { path: ['options'], message: 'validation.optionsRequired' });
export const ModelFieldListQuery = Paging.extend({ model_id: Id });
/** POST /modelField/sort: a model's fields in their new order (every field once). */
export const ModelFieldSort = z.object({ model_id: Id, ids: z.array(Id).min(1).max(500) });
export type ModelFieldSort = z.infer<typeof ModelFieldSort>;
