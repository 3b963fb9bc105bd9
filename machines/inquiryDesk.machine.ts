import { assign, setup } from 'xstate';
import { INQUIRY_STATUS, type Inquiry } from '../models/inquiry';

// The inquiry screen's own behaviour (/Inquiry/index), beside the generic list chart: one inquiry opened in a
// dialog (loaded, then marked read when it was unread) and status marks, for the open inquiry or for the
// rows selected in the list. The app provides loadInquiry (→ detail.loaded / detail.failed), setStatus
// (→ status.done / status.failed), notify and listChanged (the list reloads after a mark).

export interface InquiryDeskContext {
  /** The inquiry the dialog shows, or null. */
  id: number | null;
  inquiry: Inquiry | null;
  error: string | null;
  /** The mark being saved; `quiet` for the automatic "read" on opening (no toast). */
  pending: { ids: number[]; status: number; quiet: boolean } | null;
}

export type InquiryDeskEvent =
  | { type: 'detail.open'; id: number }
  | { type: 'detail.loaded'; inquiry: Inquiry }
  | { type: 'detail.failed'; message: string }
  | { type: 'detail.close' }
  | { type: 'status.set'; ids: number[]; status: number }
  | { type: 'status.done'; message: string }
  | { type: 'status.failed'; message: string };

const saveMark = { type: 'setStatus', params: ({ context }: { context: InquiryDeskContext }) => ({ ids: context.pending!.ids, status: context.pending!.status }) } as const;

export const inquiryDeskMachine = setup({
  types: { context: {} as InquiryDeskContext, events: {} as InquiryDeskEvent },
  actions: {
    loadInquiry: (_, _params: { id: number }) => {},
    setStatus: (_, _params: { ids: number[]; status: number }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    listChanged: () => {},
  },
  guards: {
    hasIds: ({ event }) => event.type === 'status.set' && event.ids.length > 0,
    isUnread: ({ event }) => event.type === 'detail.loaded' && event.inquiry.status === INQUIRY_STATUS.unread,
    changesStatus: ({ context, event }) => event.type === 'status.set' && context.inquiry !== null && event.status !== context.inquiry.status,
    loud: ({ context }) => !context.pending?.quiet,
  },
}).createMachine({
  id: 'inquiryDesk',
  context: { id: null, inquiry: null, error: null, pending: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'detail.open': { target: 'open.loading', actions: assign({ id: ({ event }) => event.id, inquiry: null, error: null }) },
        'status.set': { guard: 'hasIds', target: 'marking', actions: [assign({ pending: ({ event }) => ({ ids: event.ids, status: event.status, quiet: false }) }), saveMark] },
      },
    },
    /** A mark of the list's selected rows. */
    marking: {
      tags: ['busy'],
      on: {
        'status.done': { target: 'closed', actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'success', message: event.message }) }, 'listChanged', assign({ pending: null })] },
        'status.failed': { target: 'closed', actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'error', message: event.message }) }, assign({ pending: null })] },
      },
    },
    open: {
      tags: ['open'],
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy', 'loading'],
          entry: { type: 'loadInquiry', params: ({ context }) => ({ id: context.id! }) },
          on: {
            'detail.loaded': [
              {
                guard: 'isUnread',
                target: 'updating',
                actions: [
                  assign({ inquiry: ({ event }) => event.inquiry, pending: ({ event }) => ({ ids: [event.inquiry.id], status: INQUIRY_STATUS.read, quiet: true }) }),
                  saveMark,
                ],
              },
              { target: 'viewing', actions: assign({ inquiry: ({ event }) => event.inquiry }) },
            ],
            'detail.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
            'detail.close': { target: '#inquiryDesk.closed', actions: assign({ id: null }) },
          },
        },
        viewing: {
          tags: ['shown'],
          on: {
            'status.set': {
              guard: 'changesStatus',
              target: 'updating',
              actions: [assign({ pending: ({ context, event }) => ({ ids: [context.id!], status: event.status, quiet: false }) }), saveMark],
            },
            'detail.close': { target: '#inquiryDesk.closed', actions: assign({ id: null, inquiry: null }) },
          },
        },
        /** Saving a mark of the open inquiry; the dialog stays until it is saved. */
        updating: {
          tags: ['busy', 'shown'],
          on: {
            'status.done': [
              {
                guard: 'loud',
                target: 'viewing',
                actions: [
                  { type: 'notify', params: ({ event }) => ({ kind: 'success', message: event.message }) },
                  'listChanged',
                  assign({ inquiry: ({ context }) => ({ ...context.inquiry!, status: context.pending!.status }), pending: null }),
                ],
              },
              {
                target: 'viewing',
                actions: ['listChanged', assign({ inquiry: ({ context }) => ({ ...context.inquiry!, status: context.pending!.status }), pending: null })],
              },
            ],
            'status.failed': { target: 'viewing', actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'error', message: event.message }) }, assign({ pending: null })] },
          },
        },
        failed: {
          tags: ['failed'],
          on: {
            'detail.open': { target: 'loading', actions: assign({ id: ({ event }) => event.id, error: null }) },
            'detail.close': { target: '#inquiryDesk.closed', actions: assign({ id: null, error: null }) },
          },
        },
      },
    },
  },
});
