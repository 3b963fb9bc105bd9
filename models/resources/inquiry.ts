import { z } from 'zod';
import { defineResource } from '../resource';
import { INQUIRY_SOURCES, INQUIRY_STATUSES, Inquiry, InquiryListQuery } from '../inquiry';
import { InquiryCategory, InquiryCategoryCreate, InquiryCategoryListQuery, InquiryCategoryUpdate } from '../inquiryCategory';

// Inquiries (/Inquiry/index): the current site's, newest first, from the contact page, custom forms and the
// pulled mailbox. Nobody creates one here; an admin reads one, sets its category, status, assignee and notes
// (POST /inquiry/handle), replies by e-mail (POST /inquiry/reply), marks rows (POST /inquiry/status) and
// deletes them into the recycle bin. Categories are /InquiryCate/index.

const statusOptions = INQUIRY_STATUSES.map((v) => ({ value: v, label: `resources.inquiry.statuses.${v}` }));
const sourceOptions = INQUIRY_SOURCES.map((v) => ({ value: v, label: `resources.inquiry.sources.${v}` }));
/** Options only an inquiry admin needs: read through the inquiry screen's own permission. */
export const inquiryCateOptions = { kind: 'resource', api: 'inquiry/cates', valueKey: 'id', labelKey: 'name' } as const;
export const inquiryAssigneeOptions = { kind: 'resource', api: 'inquiry/assignees', valueKey: 'id', labelKey: 'name' } as const;

export const inquiryResource = defineResource({
  name: 'inquiry',
  menu: 'inquiry',
  siteScoped: true,
  softDelete: true,
  schema: Inquiry,
  create: z.never(),
  update: z.never(),
  listQuery: InquiryListQuery,
  actions: ['delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 70, wide: true },
      { name: 'name' },
      { name: 'phone' },
      { name: 'email', wide: true },
      { name: 'company', wide: true },
      { name: 'content' },
      { name: 'cate_id', width: 100, wide: true },
      { name: 'source', kind: 'enum', options: sourceOptions, width: 90, wide: true },
      { name: 'assignee_id', width: 100, wide: true },
      { name: 'region', wide: true },
      { name: 'status', kind: 'enum', width: 90, options: statusOptions },
      { name: 'created_at', kind: 'datetime' },
    ],
    filters: [
      { name: 'name', kind: 'text' },
      { name: 'status', kind: 'select', options: { kind: 'static', options: statusOptions } },
      { name: 'cate_id', kind: 'select', options: inquiryCateOptions },
      { name: 'source', kind: 'select', options: { kind: 'static', options: sourceOptions } },
      { name: 'assignee_id', kind: 'select', options: inquiryAssigneeOptions },
      { name: 'start', kind: 'dateRange' },
    ],
  },
  form: { fields: [] },
});

export const inquiryCateResource = defineResource({
  name: 'inquiryCate',
  menu: 'inquiryCate',
  siteScoped: true,
  softDelete: false,
  schema: InquiryCategory,
  create: InquiryCategoryCreate,
  update: InquiryCategoryUpdate,
  listQuery: InquiryCategoryListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 70, wide: true },
      { name: 'name' },
      { name: 'description', wide: true },
      { name: 'inquiry_count', width: 100 },
      { name: 'sort', width: 80 },
      { name: 'created_at', kind: 'datetime', wide: true },
    ],
    filters: [{ name: 'name', kind: 'text' }],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'sort', kind: 'number', hint: 'resources.inquiryCate.sortHint' },
      { name: 'description', kind: 'textarea', span: 24 },
    ],
  },
});
