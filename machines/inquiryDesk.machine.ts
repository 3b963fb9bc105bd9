import { assign, setup } from 'xstate';
import { statusAfterReply, type Inquiry, type InquiryReply } from '../models/inquiry';

// The inquiry screen's own behaviour (/Inquiry/index), beside the generic list chart: one inquiry opened in a
// dialog, where an admin edits its handling (category, status, assignee, notes) and replies by e-mail, and
// status marks of the rows selected in the list. The app provides loadInquiry (→ detail.loaded /
// detail.failed), setStatus (→ status.done / status.failed), saveHandling (→ handling.saved /
// handling.failed), sendReply (→ reply.sent / reply.failed with the thread as stored), notify and listChanged.

/** What the dialog edits, as the form holds it. */
export interface HandlingDraft {
  cate_id: number | null;
  status: number;
  assignee_id: number | null;
  notes: string;
}

export interface ReplyDraft {
  subject: string;
  body: string;
}

export interface InquiryDeskContext {
  /** The inquiry the dialog shows, or null. */
  id: number | null;
  inquiry: Inquiry | null;
  replies: InquiryReply[];
  handling: HandlingDraft | null;
  reply: ReplyDraft;
  error: string | null;
  /** The bulk mark being saved. */
  pending: { ids: number[]; status: number } | null;
}

export type InquiryDeskEvent =
  | { type: 'detail.open'; id: number }
  | { type: 'detail.loaded'; inquiry: Inquiry; replies: InquiryReply[]; subject: string }
  | { type: 'detail.failed'; message: string }
  | { type: 'detail.close' }
  | { type: 'status.set'; ids: number[]; status: number }
  | { type: 'status.done'; message: string }
  | { type: 'status.failed'; message: string }
  | { type: 'handling.edit'; patch: Partial<HandlingDraft> }
  | { type: 'handling.save' }
  | { type: 'handling.saved'; message: string }
  | { type: 'handling.failed'; message: string }
  | { type: 'reply.edit'; patch: Partial<ReplyDraft> }
  | { type: 'reply.send' }
  | { type: 'reply.sent'; message: string; reply: InquiryReply }
  | { type: 'reply.failed'; message: string; replies: InquiryReply[] };

export const handlingOf = (q: Inquiry): HandlingDraft => ({ cate_id: q.cate_id, status: q.status, assignee_id: q.assignee_id, notes: q.notes });

/** The draft differs from what is stored. */
export function handlingChanged(context: Pick<InquiryDeskContext, 'inquiry' | 'handling'>): boolean {
  if (!context.inquiry || !context.handling) return false;
  const stored = handlingOf(context.inquiry);
  return (Object.keys(stored) as Array<keyof HandlingDraft>).some((k) => stored[k] !== context.handling![k]);
}

/** A reply can go: the inquiry has an address, and the subject and body are filled in. */
export function replyReady(context: Pick<InquiryDeskContext, 'inquiry' | 'reply'>): boolean {
  return Boolean(context.inquiry?.email) && context.reply.subject.trim() !== '' && context.reply.body.trim() !== '';
}

const EMPTY_REPLY: ReplyDraft = { subject: '', body: '' };
const cleared: Omit<InquiryDeskContext, 'pending'> = { id: null, inquiry: null, replies: [], handling: null, reply: EMPTY_REPLY, error: null };
const notifyOf = (kind: 'success' | 'error') => ({ type: 'notify', params: ({ event }: { event: { message: string } }) => ({ kind, message: event.message }) }) as const;

export const inquiryDeskMachine = setup({
  types: { context: {} as InquiryDeskContext, events: {} as InquiryDeskEvent },
  actions: {
    loadInquiry: (_, _params: { id: number }) => {},
    setStatus: (_, _params: { ids: number[]; status: number }) => {},
    saveHandling: (_, _params: { id: number } & HandlingDraft) => {},
    sendReply: (_, _params: { id: number } & ReplyDraft) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    listChanged: () => {},
  },
  guards: {
    hasIds: ({ event }) => event.type === 'status.set' && event.ids.length > 0,
    changed: ({ context }) => handlingChanged(context),
    replyReady: ({ context }) => replyReady(context),
  },
}).createMachine({
  id: 'inquiryDesk',
  context: { ...cleared, pending: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'detail.open': { target: 'open.loading', actions: assign({ ...cleared, id: ({ event }) => event.id }) },
        'status.set': { guard: 'hasIds', target: 'marking', actions: [assign({ pending: ({ event }) => ({ ids: event.ids, status: event.status }) }), { type: 'setStatus', params: ({ event }) => ({ ids: event.ids, status: event.status }) }] },
      },
    },
    /** A mark of the list's selected rows. */
    marking: {
      tags: ['busy'],
      on: {
        'status.done': { target: 'closed', actions: [notifyOf('success'), 'listChanged', assign({ pending: null })] },
        'status.failed': { target: 'closed', actions: [notifyOf('error'), assign({ pending: null })] },
      },
    },
    open: {
      tags: ['open'],
      initial: 'loading',
      on: { 'detail.close': { target: 'closed', actions: assign(cleared) } },
      states: {
        loading: {
          tags: ['busy', 'loading'],
          entry: { type: 'loadInquiry', params: ({ context }) => ({ id: context.id! }) },
          on: {
            'detail.loaded': {
              target: 'viewing',
              actions: assign({
                inquiry: ({ event }) => event.inquiry,
                replies: ({ event }) => event.replies,
                handling: ({ event }) => handlingOf(event.inquiry),
                reply: ({ event }) => ({ subject: event.subject, body: '' }),
              }),
            },
            'detail.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
        viewing: {
          tags: ['shown', 'editable'],
          on: {
            'handling.edit': { actions: assign({ handling: ({ context, event }) => ({ ...context.handling!, ...event.patch }) }) },
            'handling.save': { guard: 'changed', target: 'saving', actions: { type: 'saveHandling', params: ({ context }) => ({ id: context.id!, ...context.handling! }) } },
            'reply.edit': { actions: assign({ reply: ({ context, event }) => ({ ...context.reply, ...event.patch }) }) },
            'reply.send': { guard: 'replyReady', target: 'replying', actions: { type: 'sendReply', params: ({ context }) => ({ id: context.id!, ...context.reply }) } },
          },
        },
        /** Saving the handling; the dialog stays until it is saved. */
        saving: {
          tags: ['busy', 'shown', 'saving'],
          on: {
            'handling.saved': {
              target: 'viewing',
              actions: [notifyOf('success'), 'listChanged', assign({ inquiry: ({ context }) => ({ ...context.inquiry!, ...context.handling! }) })],
            },
            'handling.failed': { target: 'viewing', actions: notifyOf('error') },
          },
        },
        /** Sending a reply; a sent one joins the thread and the body is cleared, a failed one keeps the draft. */
        replying: {
          tags: ['busy', 'shown', 'sending'],
          on: {
            'reply.sent': {
              target: 'viewing',
              actions: [
                notifyOf('success'),
                'listChanged',
                assign(({ context, event }) => {
                  const status = statusAfterReply(context.inquiry!.status);
                  return {
                    replies: [...context.replies, event.reply],
                    reply: { ...context.reply, body: '' },
                    inquiry: { ...context.inquiry!, status },
                    handling: { ...context.handling!, status: context.handling!.status === context.inquiry!.status ? status : context.handling!.status },
                  };
                }),
              ],
            },
            'reply.failed': { target: 'viewing', actions: [notifyOf('error'), assign({ replies: ({ event }) => event.replies })] },
          },
        },
        failed: {
          tags: ['failed'],
          on: {
            'detail.open': { target: 'loading', actions: assign({ id: ({ event }) => event.id, error: null }) },
          },
        },
      },
    },
  },
});
