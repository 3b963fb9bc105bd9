import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { modelFields, models } from '../db/schema/index';
import type { Db, Executor } from '../db/client';
import type { Language } from '../../models/language';
import { defineServerResource } from './register';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import { offsetOf } from '../db/listing';
import { translate } from '../i18n/messages';
import { serverValidationLocale } from '../http/validation';
import { fieldSentence } from '../../models/validationMessages';
import { modelFieldResource } from '../../models/resources/sites';
import { OPTION_FIELD_TYPES, type ModelField, type ModelFieldSort } from '../../models/contentModel';
import { checkDefaultValue } from '../../models/fieldValues';
import { z } from 'zod';

// Fields of a content model (/ModelField/index?model_id=): they drive every content form of the columns
// bound to the model. Removing a field removes it for good (content keeps its stored value unused).

type FieldRow = typeof modelFields.$inferSelect;
type FieldBody = z.infer<typeof modelFieldResource.create>;

export const toModelField = (r: FieldRow): ModelField => ({
  id: r.id,
  model_id: r.modelId,
  name: r.name,
  title: r.title,
  type: r.type as ModelField['type'],
  required: r.required,
  default_value: r.defaultValue ?? null,
  options: r.options,
  placeholder: r.placeholder,
  sort: r.sort,
});

/** A model's fields in form order: what the content server validates values against. */
export async function fieldsOfModel(db: Executor, modelId: number): Promise<ModelField[]> {
  const rows = await db.select().from(modelFields).where(eq(modelFields.modelId, modelId)).orderBy(asc(modelFields.sort), asc(modelFields.id));
  return rows.map(toModelField);
}

async function requireModel(db: Executor, modelId: number) {
  const [model] = await db
    .select()
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)));
  if (!model) throw notFound('module.unknown');
  return model;
}

/** A 400 naming one field, like the schema's own failures. */
function fieldFailure(field: string, message: string) {
  return new ApiError(400, 'error.invalidInput', { message }, { issues: [{ field, message }] });
}

/** Checks what the schema cannot (unique name, distinct options, a default that fits) and returns the columns to store. */
async function valuesOf(db: Executor, lang: Language, body: FieldBody, selfId?: number) {
  await requireModel(db, body.model_id);
  const [taken] = await db
    .select({ id: modelFields.id })
    .from(modelFields)
    .where(and(eq(modelFields.modelId, body.model_id), eq(modelFields.name, body.name), selfId ? ne(modelFields.id, selfId) : undefined))
    .limit(1);
  if (taken) throw conflict('modelField.nameTaken');
  const options = OPTION_FIELD_TYPES.includes(body.type) ? body.options : [];
  if (new Set(options.map((o) => o.value)).size !== options.length) throw fieldFailure('options', translate(lang, 'modelField.optionDuplicate'));
  const checked = checkDefaultValue({ name: body.name, title: body.title, type: body.type, default_value: body.default_value, options, placeholder: body.placeholder, sort: body.sort });
  if (checked.error) throw fieldFailure('default_value', fieldSentence(serverValidationLocale(lang), 'default_value', checked.error));
  return {
    modelId: body.model_id,
    name: body.name,
    title: body.title,
    type: body.type,
    required: body.required,
    defaultValue: checked.value,
    options,
    placeholder: body.placeholder,
    sort: body.sort,
  };
}

async function loadField(db: Executor, id: number): Promise<FieldRow> {
  const [row] = await db.select().from(modelFields).where(eq(modelFields.id, id));
  if (!row) throw notFound();
  return row;
}

export const modelFieldServerResource = defineServerResource({
  def: modelFieldResource,
  async list({ app }, q) {
    const db = app.ctx.db;
    await requireModel(db, q.model_id);
    const where = eq(modelFields.modelId, q.model_id);
    const [total] = await db.select({ n: count() }).from(modelFields).where(where);
    const rows = await db
      .select()
      .from(modelFields)
      .where(where)
      .orderBy(asc(modelFields.sort), asc(modelFields.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit));
    return { rows: rows.map(toModelField), count: Number(total?.n ?? 0) };
  },
  async read({ app }, id) {
    return toModelField(await loadField(app.ctx.db, id));
  },
  async create({ app, req }, body) {
    return app.ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(modelFields).values(await valuesOf(tx, req.lang, body)).returning();
      return { id: row!.id, name: row!.name };
    });
  },
  async update({ app, req }, body) {
    return app.ctx.db.transaction(async (tx) => {
      await loadField(tx, body.id);
      await tx
        .update(modelFields)
        .set({ ...(await valuesOf(tx, req.lang, body, body.id)), updatedAt: new Date() })
        .where(eq(modelFields.id, body.id));
      return { name: body.name };
    });
  },
  async remove({ app }, ids) {
    const rows = await app.ctx.db.select().from(modelFields).where(inArray(modelFields.id, ids));
    if (rows.length !== new Set(ids).size) throw notFound();
    await app.ctx.db.delete(modelFields).where(inArray(modelFields.id, ids));
    return { names: rows.map((r) => r.name) };
  },
});

/** Puts a model's fields in the given order (the list must name each of its fields once). */
export async function sortModelFields(db: Db, body: ModelFieldSort) {
  return db.transaction(async (tx) => {
    const model = await requireModel(tx, body.model_id);
    const current = await tx.select({ id: modelFields.id }).from(modelFields).where(eq(modelFields.modelId, body.model_id));
    const want = new Set(body.ids);
    if (want.size !== body.ids.length || current.length !== want.size || current.some((f) => !want.has(f.id))) throw badRequest('modelField.sortMismatch');
    for (const [i, id] of body.ids.entries()) await tx.update(modelFields).set({ sort: (i + 1) * 10 }).where(eq(modelFields.id, id));
    return model;
  });
}
