import { z } from 'zod';
import { defineResource, type Option } from '../resource';
import {
  EDUCATIONS, EXPERIENCES, Position, PositionCreate, PositionGroup, PositionGroupCreate, PositionGroupListQuery, PositionGroupUpdate, PositionListQuery,
  PositionUpdate, RESUME_STATUSES, Resume, ResumeListQuery,
} from '../position';

// Recruitment (/recruit): job categories, job cities, positions (job postings) and resumes. API names use
// "position" because "job" is a background job; the menu keys (job, jobCate, jobCity, resume) follow the spec.

export const positionStatusOptions: readonly Option[] = [
  { value: 1, label: 'resources.position.options.status.1' },
  { value: 2, label: 'resources.position.options.status.2' },
];
export const educationOptions: readonly Option[] = EDUCATIONS.filter(Boolean).map((v) => ({ value: v, label: `resources.position.options.education.${v}` }));
export const experienceOptions: readonly Option[] = EXPERIENCES.filter(Boolean).map((v) => ({ value: v, label: `resources.position.options.experience.${v}` }));
export const resumeStatusOptions: readonly Option[] = RESUME_STATUSES.map((v) => ({ value: v, label: `resources.resume.options.status.${v}` }));

const groupResource = (name: 'positionCate' | 'positionCity', menu: 'jobCate' | 'jobCity') =>
  defineResource({
    name,
    menu,
    siteScoped: true,
    softDelete: false,
    schema: PositionGroup,
    create: PositionGroupCreate,
    update: PositionGroupUpdate,
    listQuery: PositionGroupListQuery,
    actions: ['create', 'update', 'delete'],
    titleField: 'name',
    list: {
      columns: [
        { name: 'id', width: 70, wide: true },
        { name: 'name' },
        { name: 'position_count', width: 110 },
        { name: 'sort', width: 80 },
        { name: 'created_at', kind: 'datetime', wide: true },
      ],
      filters: [{ name: 'name', kind: 'text' }],
    },
    form: {
      fields: [
        { name: 'name', kind: 'text', required: true },
        { name: 'sort', kind: 'number' },
      ],
    },
  });

export const positionCateResource = groupResource('positionCate', 'jobCate');
export const positionCityResource = groupResource('positionCity', 'jobCity');

const cateOptions = { kind: 'resource', api: 'positionCate', valueKey: 'id', labelKey: 'name' } as const;
const cityOptions = { kind: 'resource', api: 'positionCity', valueKey: 'id', labelKey: 'name' } as const;

export const positionResource = defineResource({
  name: 'position',
  menu: 'job',
  siteScoped: true,
  softDelete: true,
  schema: Position,
  create: PositionCreate,
  update: PositionUpdate,
  listQuery: PositionListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'title',
  list: {
    columns: [
      { name: 'id', width: 60, wide: true },
      { name: 'title' },
      { name: 'cate_name', wide: true },
      { name: 'city_name' },
      { name: 'headcount', width: 80, wide: true },
      { name: 'salary_max', width: 140 },
      { name: 'deadline', width: 110, wide: true },
      { name: 'resume_count', width: 80, wide: true },
      { name: 'status', kind: 'enum', options: positionStatusOptions, width: 90 },
      { name: 'sort', width: 60, wide: true },
    ],
    filters: [
      { name: 'title', kind: 'text' },
      { name: 'cate_id', kind: 'select', options: cateOptions },
      { name: 'city_id', kind: 'select', options: cityOptions },
      { name: 'status', kind: 'select', options: { kind: 'static', options: positionStatusOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'title', kind: 'text', required: true },
      { name: 'cate_id', kind: 'select', required: true, options: cateOptions },
      { name: 'city_id', kind: 'select', required: true, options: cityOptions },
      { name: 'headcount', kind: 'number' },
      { name: 'negotiable', kind: 'switch' },
      { name: 'salary_min', kind: 'number' },
      { name: 'salary_max', kind: 'number', hint: 'resources.position.salaryHint' },
      { name: 'education', kind: 'select', options: { kind: 'static', options: educationOptions } },
      { name: 'experience', kind: 'select', options: { kind: 'static', options: experienceOptions } },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: positionStatusOptions } },
      { name: 'deadline', kind: 'date', hint: 'resources.position.deadlineHint' },
      { name: 'sort', kind: 'number' },
      /** Rich text: the position screen gives it the editor. */
      { name: 'description', kind: 'textarea', span: 24 },
    ],
  },
});

export const resumeResource = defineResource({
  name: 'resume',
  menu: 'resume',
  siteScoped: true,
  softDelete: true,
  schema: Resume,
  create: z.never(),
  update: z.never(),
  listQuery: ResumeListQuery,
  actions: ['delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 60, wide: true },
      { name: 'name' },
      { name: 'position_title' },
      { name: 'phone', wide: true },
      { name: 'email', wide: true },
      { name: 'file_name', wide: true },
      { name: 'status', kind: 'enum', options: resumeStatusOptions, width: 90 },
      { name: 'delivered_at', kind: 'datetime' },
    ],
    filters: [
      { name: 'name', kind: 'text' },
      { name: 'position_id', kind: 'select', options: { kind: 'resource', api: 'position', valueKey: 'id', labelKey: 'title' } },
      { name: 'status', kind: 'select', options: { kind: 'static', options: resumeStatusOptions } },
      { name: 'start', kind: 'dateRange' },
    ],
  },
  form: { fields: [] },
});

export const RECRUIT_RESOURCES = [positionCateResource, positionCityResource, positionResource, resumeResource] as const;
