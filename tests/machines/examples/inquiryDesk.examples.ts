import { handlingChanged, inquiryDeskMachine, replyReady, type InquiryDeskEvent } from '../../../machines/inquiryDesk.machine';
import type { Inquiry, InquiryReply } from '../../../models/inquiry';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

type Snapshot = SnapshotFrom<typeof inquiryDeskMachine>;

// The example events of the inquiryDesk chart: its model-based test walks them and `npm run paths` prints them.


export const inquiry = (status: number, email = 'li@example.com'): Inquiry => ({
  id: 7,
  site_id: 1,
  cate_id: null,
  name: 'Li',
  phone: '',
  email,
  company: '',
  content: 'hello',
  page: '/contact/',
  ip: '1.2.3.4',
  region: '',
  user_agent: '',
  status,
  source: 'contact',
  source_id: null,
  assignee_id: null,
  notes: '',
  created_at: '2026-01-01T00:00:00.000Z',
});

export const reply = (id: number, status: 'sent' | 'failed'): InquiryReply => ({
  id,
  inquiry_id: 7,
  admin_id: 1,
  admin_name: 'admin',
  to: 'li@example.com',
  subject: 'Re: hello',
  body: 'Thanks',
  sent_at: '2026-01-02T00:00:00.000Z',
  status,
  error: status === 'failed' ? 'connect: ECONNREFUSED' : '',
});

export const EVENTS: InquiryDeskEvent[] = [
  { type: 'detail.open', id: 7 },
  { type: 'detail.loaded', inquiry: inquiry(0), replies: [], subject: 'Re: hello' },
  { type: 'detail.loaded', inquiry: inquiry(2, ''), replies: [reply(1, 'sent')], subject: 'Re: hello' },
  { type: 'detail.failed', message: 'gone' },
  { type: 'detail.close' },
  { type: 'status.set', ids: [7, 8], status: 2 },
  { type: 'status.set', ids: [], status: 2 },
  { type: 'status.done', message: 'saved' },
  { type: 'status.failed', message: 'refused' },
  { type: 'handling.edit', patch: { status: 3, notes: 'spam from a bot' } },
  { type: 'handling.edit', patch: { cate_id: null, status: 0, assignee_id: null, notes: '' } },
  { type: 'handling.save' },
  { type: 'handling.saved', message: 'saved' },
  { type: 'handling.failed', message: 'refused' },
  { type: 'reply.edit', patch: { body: 'Thanks, here is our price list' } },
  { type: 'reply.edit', patch: { subject: ' ' } },
  { type: 'reply.send' },
  { type: 'reply.sent', message: 'sent', reply: reply(2, 'sent') },
  { type: 'reply.failed', message: 'cannot connect', replies: [reply(3, 'failed')] },
];

/** What the graph tells apart: the state, and what the guards and the views read of the context. */
export const project = (s: Snapshot) => {
  const c = s.context;
  return {
    value: s.value,
    status: c.inquiry?.status ?? null,
    email: Boolean(c.inquiry?.email),
    changed: handlingChanged(c),
    ready: replyReady(c),
    body: c.reply.body !== '',
    replies: c.replies.slice(-2).map((r) => r.status),
    pending: c.pending,
    error: c.error,
  };
};

export const inquiryDeskExamples = defineExamples({
  machine: inquiryDeskMachine,
  project,
  events: EVENTS,
});
