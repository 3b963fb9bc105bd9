import { auditPageMachine, type AuditPageEvent } from '../../../machines/auditPage.machine';
import type { AuditDetail } from '../../../models/audit';
import { defineExamples } from './chart';

// The example events of the auditPage chart: its model-based test walks them and `npm run paths` prints them.

export const ID = 42;
export const detail = (over: Partial<AuditDetail>): AuditDetail => ({
  id: ID,
  title: '季度报告',
  category_id: 3,
  category_title: '新闻',
  author: '',
  submitter_name: '编辑',
  marked_body: '<p>正文</p>',
  words: [],
  state: 'reviewing',
  step: 2,
  steps: [],
  can_approve: true,
  can_reject: true,
  trail: [],
  ...over,
});
/** A reviewer of step 2 of 2 who may act; a reviewer who already approved (may neither act); published content. */
export const MINE = detail({});
export const APPROVED_ALREADY = detail({ can_approve: false, can_reject: true, step: 1 });
export const NOT_MINE = detail({ can_approve: false, can_reject: false });

export const EVENTS: AuditPageEvent[] = [
  { type: 'detail.loaded', detail: MINE },
  { type: 'detail.loaded', detail: APPROVED_ALREADY },
  { type: 'detail.loaded', detail: NOT_MINE },
  { type: 'detail.failed', message: 'not found' },
  { type: 'reload' },
  { type: 'comment.change', value: ' 请补充数据来源 ' },
  { type: 'comment.change', value: '   ' },
  { type: 'toStep.change', step: 2 },
  { type: 'toStep.change', step: 1 },
  { type: 'toStep.change', step: 3 },
  { type: 'toStep.change', step: 0 },
  { type: 'approve' },
  { type: 'reject' },
  { type: 'decision.done', message: 'Approved' },
  { type: 'decision.failed', message: 'You have already approved the current step' },
];

export const auditPageExamples = defineExamples({
  machine: auditPageMachine,
  events: EVENTS,
  input: { id: ID },
});
