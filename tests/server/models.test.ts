import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, uniqueName } from '../helpers/fixtures';
import { createColumn, createField, createModel, createSite } from '../helpers/sites';
import { models } from '../../server/db/schema/index';
import { fieldsOfModel } from '../../server/resources/modelField';
import { FIELD_TYPES, type ContentModel, type ModelField } from '../../models/contentModel';

let t: TestApp;
let superToken: string;
let siteId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteId = await createSite(t, superToken);
});
afterAll(() => t?.close());

const fieldsOf = async (modelId: number) => (await t.client(superToken).get<ModelField[]>('/modelField/index', { model_id: modelId, limit: 200 })).data;
const options = [
  { value: 'red', label: 'Red' },
  { value: 'blue', label: 'Blue' },
];

describe('models', () => {
  it('a model is created, listed with its field count, read and renamed', async () => {
    const id = await createModel(t, superToken, { name: 'Product', key: 'product_x', description: 'Goods' });
    await createField(t, superToken, id);
    await createField(t, superToken, id);
    const list = await t.client(superToken).get<ContentModel[]>('/module/index', { name: 'Product' });
    expect(list.data.find((m) => m.id === id)).toMatchObject({ name: 'Product', key: 'product_x', description: 'Goods', field_count: 2, status: 1 });
    const read = await t.client(superToken).get<ContentModel>('/module/read', { id });
    expect(read.data.field_count).toBe(2);
    expect((await t.client(superToken).post('/module/update', { ...read.data, name: 'Goods' })).code).toBe(0);
    expect((await t.client(superToken).get<ContentModel>('/module/read', { id })).data.name).toBe('Goods');
  });

  it('two live models cannot share a key', async () => {
    await createModel(t, superToken, { key: 'article_dup' });
    const res = await t.client(superToken).post('/module/save', { name: 'Again', key: 'article_dup' });
    expect(res.status).toBe(409);
    const other = await createModel(t, superToken);
    const read = await t.client(superToken).get<ContentModel>('/module/read', { id: other });
    expect((await t.client(superToken).post('/module/update', { ...read.data, key: 'article_dup' })).status).toBe(409);
  });

  it('a model a column uses cannot be deleted; once the column is gone it goes to the recycle bin', async () => {
    const model = await createModel(t, superToken);
    const column = await createColumn(t, superToken, siteId, { model_id: model });
    const res = await t.client(superToken, { language: 'en' }).post('/module/delete', { ids: [model] });
    expect(res.status).toBe(409);
    expect(res.msg).toMatch(/Columns use this model/);
    expect((await t.client(superToken, { siteId }).post('/category/delete', { ids: [column] })).code).toBe(0);
    expect((await t.client(superToken).post('/module/delete', { ids: [model] })).code).toBe(0);
    const [row] = await t.db.select().from(models).where(eq(models.id, model));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await t.client(superToken).get('/module/read', { id: model })).status).toBe(404);
  });

  it('an admin without the model permission cannot touch models, and fields need their own permission', async () => {
    const admin = await adminWithRole(t, superToken, ['module']);
    const model = await createModel(t, superToken);
    expect((await t.client(admin.token).get('/module/index')).code).toBe(0);
    expect((await t.client(admin.token).get('/modelField/index', { model_id: model })).status).toBe(403);
    const none = await adminWithRole(t, superToken, []);
    expect((await t.client(none.token).post('/module/save', { name: 'x', key: 'nope' })).status).toBe(403);
  });
});

describe('model fields', () => {
  it('a model takes a field of every type, listed in order', async () => {
    const model = await createModel(t, superToken);
    for (const [i, type] of FIELD_TYPES.entries()) {
      const needsOptions = ['select', 'radio', 'checkbox'].includes(type);
      await createField(t, superToken, model, { name: `f_${type}`, title: type, type, sort: 100 - i, options: needsOptions ? options : [] });
    }
    const fields = await fieldsOf(model);
    expect(fields.map((f) => f.type)).toEqual([...FIELD_TYPES].reverse());
    expect(fields.find((f) => f.type === 'radio')!.options).toEqual(options);
    expect(fields.find((f) => f.type === 'text')!.options).toEqual([]);
    expect((await fieldsOfModel(t.db, model)).map((f) => f.name)).toEqual(fields.map((f) => f.name));
  });

  it('a field keeps its title, required flag, default, placeholder and order', async () => {
    const model = await createModel(t, superToken);
    const id = await createField(t, superToken, model, { name: 'price', title: 'Price', type: 'number', required: true, default_value: '9.5', placeholder: 'in yuan', sort: 3 });
    const read = await t.client(superToken).get<ModelField>('/modelField/read', { id });
    expect(read.data).toMatchObject({ model_id: model, name: 'price', title: 'Price', type: 'number', required: true, default_value: 9.5, placeholder: 'in yuan', sort: 3 });
  });

  it('field names are unique within a model but may repeat across models', async () => {
    const first = await createModel(t, superToken);
    const second = await createModel(t, superToken);
    await createField(t, superToken, first, { name: 'colour' });
    expect((await t.client(superToken).post('/modelField/save', { model_id: first, name: 'colour', title: 'Again', type: 'text' })).status).toBe(409);
    expect((await t.client(superToken).post('/modelField/save', { model_id: second, name: 'colour', title: 'Other', type: 'text' })).code).toBe(0);
  });

  it("a field cannot take the name of one of the content's own columns", async () => {
    const model = await createModel(t, superToken);
    const res = await t.client(superToken).post('/modelField/save', { model_id: model, name: 'title', title: 'Title', type: 'text' });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ field: 'name' }] });
  });

  it('a choice field needs options, each value once', async () => {
    const model = await createModel(t, superToken);
    const empty = await t.client(superToken).post('/modelField/save', { model_id: model, name: 'size', title: 'Size', type: 'select', options: [] });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ issues: [{ field: 'options' }] });
    const twice = await t.client(superToken).post('/modelField/save', {
      model_id: model,
      name: 'size',
      title: 'Size',
      type: 'radio',
      options: [...options, { value: 'red', label: 'Again' }],
    });
    expect(twice.status).toBe(400);
    expect(twice.data).toMatchObject({ issues: [{ field: 'options' }] });
  });

  it('a default that does not fit the type is refused, naming the default', async () => {
    const model = await createModel(t, superToken);
    for (const [type, value] of [
      ['number', 'abc'],
      ['select', 'green'],
      ['date', '2024-02-30'],
      ['image', 'javascript:alert(1)'],
    ] as const) {
      const res = await t.client(superToken).post('/modelField/save', { model_id: model, name: `d_${type}`, title: type, type, options, default_value: value });
      expect(res.status, type).toBe(400);
      expect(res.data, type).toMatchObject({ issues: [{ field: 'default_value' }] });
    }
  });

  it("a field's type can change, and options of a type that has none are dropped", async () => {
    const model = await createModel(t, superToken);
    const id = await createField(t, superToken, model, { name: 'tone', type: 'text', default_value: 'blue' });
    const read = (await t.client(superToken).get<ModelField>('/modelField/read', { id })).data;
    expect((await t.client(superToken).post('/modelField/update', { ...read, type: 'select', options })).code).toBe(0);
    expect((await t.client(superToken).get<ModelField>('/modelField/read', { id })).data).toMatchObject({ type: 'select', options, default_value: 'blue' });
    expect((await t.client(superToken).post('/modelField/update', { ...read, type: 'textarea', options })).code).toBe(0);
    expect((await t.client(superToken).get<ModelField>('/modelField/read', { id })).data).toMatchObject({ type: 'textarea', options: [] });
  });

  it("a model's fields can be put in a new order, which must name each field once", async () => {
    const model = await createModel(t, superToken);
    const a = await createField(t, superToken, model, { sort: 1 });
    const b = await createField(t, superToken, model, { sort: 2 });
    const c = await createField(t, superToken, model, { sort: 3 });
    expect((await t.client(superToken).post('/modelField/sort', { model_id: model, ids: [c, a, b] })).code).toBe(0);
    expect((await fieldsOf(model)).map((f) => f.id)).toEqual([c, a, b]);
    expect((await t.client(superToken).post('/modelField/sort', { model_id: model, ids: [c, a] })).status).toBe(400);
    const other = await createField(t, superToken, await createModel(t, superToken));
    expect((await t.client(superToken).post('/modelField/sort', { model_id: model, ids: [c, a, other] })).status).toBe(400);
  });

  it('a field can be deleted', async () => {
    const model = await createModel(t, superToken);
    const id = await createField(t, superToken, model, { name: uniqueName('gone').replace(/-/g, '_') });
    expect((await t.client(superToken).post('/modelField/delete', { ids: [id] })).code).toBe(0);
    expect(await fieldsOf(model)).toEqual([]);
    expect((await t.client(superToken).get('/modelField/read', { id })).status).toBe(404);
  });

  it('fields of a model that does not exist are not found', async () => {
    expect((await t.client(superToken).get('/modelField/index', { model_id: 999_999 })).status).toBe(404);
    expect((await t.client(superToken).post('/modelField/save', { model_id: 999_999, name: 'x', title: 'x', type: 'text' })).status).toBe(404);
  });
});
