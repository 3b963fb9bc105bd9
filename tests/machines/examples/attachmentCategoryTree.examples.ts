import type { AttachmentCate } from '../../../models/attachment';
import { ROOT_ID, categoryTreeMachine, type CategoryTreeEvent } from '../../../machines/attachmentCategoryTree.machine';
import { defineExamples } from './chart';

// The example events of the attachmentCategoryTree chart: its model-based test walks them and `npm run paths` prints them.

export const cate = (id: number, parent_id: number, title: string): AttachmentCate => ({ id, parent_id, title, path: parent_id ? `0-${parent_id}-${id}` : `0-${id}`, attachment_count: 0 });
export const PHOTOS = cate(1, 0, 'Photos');
export const EVENTS_2024 = cate(2, 1, 'Events 2024');
export const loaded = (categories: AttachmentCate[]): CategoryTreeEvent => ({ type: 'categories.loaded', categories });

export const EVENTS: CategoryTreeEvent[] = [
  loaded([PHOTOS, EVENTS_2024]),
  loaded([PHOTOS]),
  { type: 'categories.failed', message: 'offline' },
  { type: 'list.reload' },
  { type: 'node.select', id: ROOT_ID },
  { type: 'node.select', id: 1 },
  { type: 'node.select', id: 2 },
  { type: 'node.select', id: 99 },
  { type: 'category.add' },
  { type: 'category.edit' },
  { type: 'category.delete' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'delete.done', message: 'Deleted' },
  { type: 'delete.failed', message: 'Not empty' },
];

export const attachmentCategoryTreeExamples = defineExamples({
  machine: categoryTreeMachine,
  events: EVENTS,
});
