import { defineResource, statusOptions, type Option, type ResourceDef } from '../resource';
import { Website, WebsiteCreate, WebsiteListQuery, WebsiteUpdate } from '../website';
import {
  ContentModel,
  ContentModelCreate,
  ContentModelListQuery,
  ContentModelUpdate,
  FIELD_TYPES,
  ModelField,
  ModelFieldCreate,
  ModelFieldListQuery,
  ModelFieldUpdate,
} from '../contentModel';
import { Category, CATEGORY_TYPES, CategoryCreate, CategoryListQuery, CategoryUpdate } from '../category';

// Websites, site settings, models and model fields, columns (issue 3).

export const websiteResource = defineResource({
  name: 'website',
  menu: 'websiteList',
  siteScoped: false,
  softDelete: true,
  schema: Website,
  create: WebsiteCreate,
  update: WebsiteUpdate,
  listQuery: WebsiteListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'name' },
      { name: 'id', width: 70, wide: true },
      { name: 'domain', wide: true },
      { name: 'status', kind: 'status', options: statusOptions, width: 90 },
      { name: 'sort', width: 70, wide: true },
      { name: 'created_at', kind: 'datetime', wide: true },
    ],
    filters: [
      { name: 'name', kind: 'text' },
      { name: 'status', kind: 'select', options: { kind: 'static', options: statusOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'domain', kind: 'text', required: true, hint: 'resources.website.domainHint' },
      { name: 'parent_id', kind: 'select', options: { kind: 'sites' }, hint: 'resources.website.parentHint' },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
      { name: 'sort', kind: 'number' },
    ],
  },
});

export const moduleResource = defineResource({
  name: 'module',
  menu: 'module',
  siteScoped: false,
  softDelete: true,
  schema: ContentModel,
  create: ContentModelCreate,
  update: ContentModelUpdate,
  listQuery: ContentModelListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 70, wide: true },
      { name: 'name' },
      { name: 'key' },
      { name: 'description', wide: true },
      { name: 'field_count', width: 90 },
      { name: 'status', kind: 'status', options: statusOptions, width: 90 },
      { name: 'sort', width: 70, wide: true },
    ],
    filters: [{ name: 'name', kind: 'text' }],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'key', kind: 'text', required: true, hint: 'resources.module.keyHint' },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
      { name: 'sort', kind: 'number' },
      { name: 'description', kind: 'textarea', span: 24 },
    ],
  },
});

export const fieldTypeOptions: readonly Option[] = FIELD_TYPES.map((type) => ({ value: type, label: `resources.modelField.options.type.${type}` }));

export const modelFieldResource = defineResource({
  name: 'modelField',
  menu: 'modelField',
  siteScoped: false,
  softDelete: false,
  schema: ModelField,
  create: ModelFieldCreate,
  update: ModelFieldUpdate,
  listQuery: ModelFieldListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'sort', width: 110 },
      { name: 'title' },
      { name: 'name', wide: true },
      { name: 'type', kind: 'enum', options: fieldTypeOptions },
      { name: 'required', kind: 'bool', width: 80 },
      { name: 'placeholder', wide: true },
    ],
    filters: [],
  },
  form: {
    fields: [
      { name: 'title', kind: 'text', required: true },
      { name: 'name', kind: 'text', required: true, hint: 'resources.modelField.nameHint' },
      { name: 'type', kind: 'select', required: true, options: { kind: 'static', options: fieldTypeOptions } },
      { name: 'required', kind: 'switch' },
      { name: 'placeholder', kind: 'text' },
      { name: 'sort', kind: 'number' },
      { name: 'options', kind: 'textarea', span: 24 },
      { name: 'default_value', kind: 'text', span: 24 },
    ],
  },
});

export const categoryTypeOptions: readonly Option[] = CATEGORY_TYPES.map((type) => ({ value: type, label: `resources.category.options.type.${type}` }));
const categoryStatusOptions: readonly Option[] = [
  { value: 1, label: 'resources.category.options.status.1' },
  { value: 2, label: 'resources.category.options.status.2' },
];

export const categoryResource = defineResource({
  name: 'category',
  menu: 'category',
  siteScoped: true,
  softDelete: true,
  schema: Category,
  create: CategoryCreate,
  update: CategoryUpdate,
  listQuery: CategoryListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'title',
  list: {
    columns: [
      { name: 'title' },
      { name: 'id', width: 70, wide: true },
      { name: 'alias', wide: true },
      { name: 'model_name', wide: true },
      { name: 'type', kind: 'enum', options: categoryTypeOptions, wide: true },
      { name: 'content_count', width: 80 },
      { name: 'sort', width: 70, wide: true },
      { name: 'status', width: 80 },
    ],
    filters: [{ name: 'title', kind: 'text' }],
  },
  form: {
    fields: [
      { name: 'title', kind: 'text', required: true },
      { name: 'alias', kind: 'text', hint: 'resources.category.aliasHint' },
      { name: 'parent_id', kind: 'select', required: true },
      { name: 'model_id', kind: 'select', required: true, options: { kind: 'resource', api: 'module', valueKey: 'id', labelKey: 'name' } },
      { name: 'type', kind: 'select', required: true, options: { kind: 'static', options: categoryTypeOptions } },
      { name: 'link_url', kind: 'text', hint: 'resources.category.linkHint' },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: categoryStatusOptions } },
      { name: 'sort', kind: 'number' },
      { name: 'page_size', kind: 'number' },
      { name: 'image', kind: 'image', hint: 'resources.category.imageHint' },
      { name: 'description', kind: 'textarea', span: 24 },
      { name: 'content', kind: 'textarea', span: 24, hint: 'resources.category.contentHint' },
      { name: 'seo_title', kind: 'text', span: 24 },
      { name: 'seo_keywords', kind: 'text', span: 24 },
      { name: 'seo_description', kind: 'textarea', span: 24 },
      { name: 'list_template', kind: 'text', hint: 'resources.category.templateHint' },
      { name: 'detail_template', kind: 'text', hint: 'resources.category.templateHint' },
    ],
  },
});

export const SITES_RESOURCES: ResourceDef[] = [websiteResource, moduleResource, modelFieldResource, categoryResource];
