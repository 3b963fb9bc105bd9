import { z } from 'zod';
import { defineResource } from '../resource';
import { Inquiry, InquiryListQuery } from '../inquiry';

// Inquiries from the public contact form (/Inquiry/index): the current site's, newest first. Nobody creates or
// edits one here; an admin reads one, marks it read or handled (POST /inquiry/status) and deletes it into the
// recycle bin. Categories and e-mail forwarding are a later issue's.

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
      { name: 'page', wide: true },
      { name: 'region', wide: true },
      { name: 'ip', wide: true },
      {
        name: 'status',
        kind: 'enum',
        width: 90,
        options: [
          { value: 0, label: 'resources.inquiry.statuses.0' },
          { value: 1, label: 'resources.inquiry.statuses.1' },
          { value: 2, label: 'resources.inquiry.statuses.2' },
        ],
      },
      { name: 'created_at', kind: 'datetime' },
    ],
    filters: [
      { name: 'name', kind: 'text' },
      {
        name: 'status',
        kind: 'select',
        options: {
          kind: 'static',
          options: [
            { value: 0, label: 'resources.inquiry.statuses.0' },
            { value: 1, label: 'resources.inquiry.statuses.1' },
            { value: 2, label: 'resources.inquiry.statuses.2' },
          ],
        },
      },
      { name: 'start', kind: 'dateRange' },
    ],
  },
  form: { fields: [] },
});
