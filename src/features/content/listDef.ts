import { z } from 'zod';
import { defineResource } from '../../../models/resource';
import { ContentListItem, ContentListQuery } from '../../../models/content';

const statusOptions = [
  { value: 1, label: 'content.published' },
  { value: 2, label: 'content.draft' },
];

/** The content list as a resource (GET /content/index, POST /content/delete): the server's routes are hand-written. */
export const contentListDef = defineResource({
  name: 'content',
  menu: 'content',
  siteScoped: true,
  softDelete: true,
  schema: ContentListItem,
  create: z.never(),
  update: z.never(),
  listQuery: ContentListQuery,
  actions: ['delete'],
  titleField: 'title',
  list: {
    columns: [
      { name: 'id', width: 70, sortable: true },
      { name: 'title' },
      { name: 'category_title', wide: true },
      { name: 'status', kind: 'enum', options: statusOptions },
      { name: 'is_top', kind: 'bool', wide: true },
      { name: 'is_recommend', kind: 'bool', wide: true },
      { name: 'check_status', wide: true },
      { name: 'views', width: 80, wide: true, sortable: true },
      { name: 'sort', width: 70, wide: true, sortable: true },
      { name: 'published_at', kind: 'datetime', wide: true, sortable: true },
      { name: 'updated_at', kind: 'datetime', wide: true, sortable: true },
    ],
    filters: [
      { name: 'keyword', kind: 'text' },
      { name: 'status', kind: 'select', options: { kind: 'static', options: statusOptions } },
      { name: 'is_recommend', kind: 'select', options: { kind: 'static', options: [{ value: 1, label: 'common.yes' }, { value: 0, label: 'common.no' }] } },
      { name: 'is_top', kind: 'select', options: { kind: 'static', options: [{ value: 1, label: 'common.yes' }, { value: 0, label: 'common.no' }] } },
      { name: 'start', kind: 'dateRange' },
    ],
  },
  form: { fields: [] },
});
