import { defineResource, statusOptions, type Option, type ResourceDef } from '../resource';
import { Tag, TagCreate, TagListQuery, TagUpdate } from '../tag';
import { Slide, SlideCate, SlideCateCreate, SlideCateListQuery, SlideCateUpdate, SlideCreate, SlideListQuery, SlideUpdate } from '../slide';
import { Ad, AdCreate, AdListQuery, AdUpdate } from '../ad';
import { InnerLink, InnerLinkCreate, InnerLinkListQuery, InnerLinkUpdate } from '../innerLink';
import { ProhibitedWord, ProhibitedWordCreate, ProhibitedWordListQuery, ProhibitedWordUpdate } from '../prohibitedWord';

// Tags, slides, ads, internal links, prohibited words (issue 3). Site-scoped ones go to the recycle bin.

const CRUD = ['create', 'update', 'delete'] as const;

export const tagResource = defineResource({
  name: 'tag',
  menu: 'tag',
  siteScoped: true,
  softDelete: true,
  schema: Tag,
  create: TagCreate,
  update: TagUpdate,
  listQuery: TagListQuery,
  actions: CRUD,
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 70 },
      { name: 'name' },
      { name: 'alias', wide: true },
      { name: 'content_count', width: 110 },
      { name: 'sort', width: 70, wide: true },
      { name: 'created_at', kind: 'datetime', wide: true },
    ],
    filters: [{ name: 'name', kind: 'text' }],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'alias', kind: 'text', hint: 'resources.tag.aliasHint' },
      { name: 'sort', kind: 'number' },
      { name: 'description', kind: 'textarea', span: 24 },
    ],
  },
});

export const slideCateResource = defineResource({
  name: 'slideCate',
  menu: 'slideCate',
  siteScoped: true,
  softDelete: true,
  schema: SlideCate,
  create: SlideCateCreate,
  update: SlideCateUpdate,
  listQuery: SlideCateListQuery,
  actions: CRUD,
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 70 },
      { name: 'name' },
      { name: 'key' },
      { name: 'slide_count', width: 100 },
      { name: 'sort', width: 70, wide: true },
      { name: 'created_at', kind: 'datetime', wide: true },
    ],
    filters: [{ name: 'name', kind: 'text' }],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'key', kind: 'text', hint: 'resources.slideCate.keyHint' },
      { name: 'sort', kind: 'number' },
    ],
  },
});

export const slideResource = defineResource({
  name: 'slide',
  menu: 'slideCate',
  siteScoped: true,
  softDelete: true,
  schema: Slide,
  create: SlideCreate,
  update: SlideUpdate,
  listQuery: SlideListQuery,
  actions: CRUD,
  titleField: 'title',
  list: {
    columns: [
      { name: 'image', width: 110 },
      { name: 'title' },
      { name: 'link', wide: true },
      { name: 'sort', width: 70 },
      { name: 'status', kind: 'status', options: statusOptions, width: 80 },
    ],
    filters: [],
  },
  form: {
    fields: [
      { name: 'cate_id', kind: 'select', required: true, options: { kind: 'resource', api: 'slideCate', valueKey: 'id', labelKey: 'name' } },
      { name: 'title', kind: 'text', required: true },
      { name: 'image', kind: 'image', required: true, span: 24, hint: 'resources.slide.imageHint' },
      { name: 'link', kind: 'text', span: 24, hint: 'resources.slide.linkHint' },
      { name: 'sort', kind: 'number' },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
    ],
  },
});

export const adKindOptions: readonly Option[] = [
  { value: 1, label: 'resources.ad.options.kind.1' },
  { value: 2, label: 'resources.ad.options.kind.2' },
];

export const adResource = defineResource({
  name: 'ad',
  menu: 'advertisement',
  siteScoped: true,
  softDelete: true,
  schema: Ad,
  create: AdCreate,
  update: AdUpdate,
  listQuery: AdListQuery,
  actions: CRUD,
  titleField: 'title',
  list: {
    columns: [
      { name: 'id', width: 70, wide: true },
      { name: 'position' },
      { name: 'title' },
      { name: 'kind', kind: 'enum', options: adKindOptions, width: 80 },
      { name: 'start_date', width: 110, wide: true },
      { name: 'end_date', width: 110, wide: true },
      { name: 'live', width: 90 },
      { name: 'status', kind: 'status', options: statusOptions, width: 80 },
      { name: 'sort', width: 70, wide: true },
    ],
    filters: [
      { name: 'position', kind: 'text' },
      { name: 'status', kind: 'select', options: { kind: 'static', options: statusOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'position', kind: 'text', required: true, hint: 'resources.ad.positionHint' },
      { name: 'title', kind: 'text', required: true },
      { name: 'kind', kind: 'select', required: true, options: { kind: 'static', options: adKindOptions } },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
      { name: 'image', kind: 'image', span: 24, hint: 'resources.ad.imageHint' },
      { name: 'link', kind: 'text', span: 24, hint: 'resources.ad.linkHint' },
      { name: 'start_date', kind: 'date' },
      { name: 'end_date', kind: 'date' },
      { name: 'sort', kind: 'number' },
      { name: 'code', kind: 'textarea', span: 24, hint: 'resources.ad.codeHint' },
    ],
  },
});

export const innerChartResource = defineResource({
  name: 'innerChart',
  menu: 'innerChart',
  siteScoped: true,
  softDelete: true,
  schema: InnerLink,
  create: InnerLinkCreate,
  update: InnerLinkUpdate,
  listQuery: InnerLinkListQuery,
  actions: CRUD,
  titleField: 'keyword',
  list: {
    columns: [
      { name: 'id', width: 70, wide: true },
      { name: 'keyword' },
      { name: 'url' },
      { name: 'weight', width: 80 },
      { name: 'link_count', width: 100, wide: true },
      { name: 'new_window', kind: 'bool', width: 100, wide: true },
      { name: 'status', kind: 'status', options: statusOptions, width: 80 },
    ],
    filters: [
      { name: 'keyword', kind: 'text' },
      { name: 'status', kind: 'select', options: { kind: 'static', options: statusOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'keyword', kind: 'text', required: true },
      { name: 'weight', kind: 'number', hint: 'resources.innerChart.weightHint' },
      { name: 'url', kind: 'text', required: true, span: 24, hint: 'resources.innerChart.urlHint' },
      { name: 'new_window', kind: 'switch' },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
    ],
  },
});

export const wordLevelOptions: readonly Option[] = [
  { value: 1, label: 'resources.prohibitedWord.options.level.1' },
  { value: 2, label: 'resources.prohibitedWord.options.level.2' },
];

export const prohibitedWordResource = defineResource({
  name: 'prohibitedWord',
  menu: 'prohibitedWord',
  siteScoped: false,
  softDelete: false,
  schema: ProhibitedWord,
  create: ProhibitedWordCreate,
  update: ProhibitedWordUpdate,
  listQuery: ProhibitedWordListQuery,
  actions: CRUD,
  titleField: 'word',
  list: {
    columns: [
      { name: 'id', width: 70, wide: true },
      { name: 'word' },
      { name: 'level', kind: 'enum', options: wordLevelOptions, width: 90 },
      { name: 'type' },
      { name: 'paraphrase', wide: true },
      { name: 'created_at', kind: 'datetime', wide: true },
    ],
    filters: [
      { name: 'word', kind: 'text' },
      { name: 'type', kind: 'text' },
      { name: 'level', kind: 'select', options: { kind: 'static', options: wordLevelOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'word', kind: 'text', required: true },
      { name: 'level', kind: 'select', required: true, options: { kind: 'static', options: wordLevelOptions } },
      { name: 'type', kind: 'text', hint: 'resources.prohibitedWord.typeHint' },
      { name: 'paraphrase', kind: 'textarea', span: 24 },
    ],
  },
});

export const MARKETING_RESOURCES: ResourceDef[] = [tagResource, slideCateResource, slideResource, adResource, innerChartResource, prohibitedWordResource];
