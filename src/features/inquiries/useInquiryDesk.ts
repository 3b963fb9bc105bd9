import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { handlingChanged, inquiryDeskMachine, type HandlingDraft, type ReplyDraft } from '../../../machines/inquiryDesk.machine';
import { replySubject, type Inquiry, type InquiryReply, type InquiryStatus } from '../../../models/inquiry';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const repliesOf = async (id: number) => (await get<InquiryReply[]>('/inquiry/replies', { id })).data;

/** Connects the inquiry screen to its chart: the open inquiry, its handling and replies, bulk marks, and a list reload after a change. */
export function useInquiryDesk(onListChanged: () => void) {
  const listChanged = useRef(onListChanged);
  listChanged.current = onListChanged;
  const actor = useChart(
    inquiryDeskMachine.provide({
      actions: {
        loadInquiry: (_, { id }) => {
          Promise.all([get<Inquiry>('/inquiry/read', { id }), repliesOf(id)])
            .then(([{ data }, replies]) => {
              const last = replies.at(-1)?.subject ?? '';
              actor.send({ type: 'detail.loaded', inquiry: data, replies, subject: last || replySubject('', t('inquiries.reply.defaultSubject')) });
            })
            .catch((e: unknown) => actor.send({ type: 'detail.failed', message: messageOf(e) }));
        },
        setStatus: (_, { ids, status }) => {
          post('/inquiry/status', { ids, status })
            .then(({ msg }) => actor.send({ type: 'status.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'status.failed', message: messageOf(e) }));
        },
        saveHandling: (_, values) => {
          post('/inquiry/handle', values)
            .then(({ msg }) => actor.send({ type: 'handling.saved', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'handling.failed', message: messageOf(e) }));
        },
        sendReply: (_, { id, subject, body }) => {
          post<InquiryReply>('/inquiry/reply', { id, subject, body })
            .then(({ msg, data }) => actor.send({ type: 'reply.sent', message: msg, reply: data }))
            .catch(async (e: unknown) => {
              // A failed send is kept on the inquiry: show the thread as stored.
              const replies = await repliesOf(id).catch(() => actor.getSnapshot().context.replies);
              actor.send({ type: 'reply.failed', message: messageOf(e), replies });
            });
        },
        notify: (_, { kind, message }) => notify(kind, message),
        listChanged: () => listChanged.current(),
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  return {
    id: c.id,
    inquiry: c.inquiry,
    replies: c.replies,
    handling: c.handling,
    reply: c.reply,
    error: c.error,
    open: state.hasTag('open'),
    shown: state.hasTag('shown'),
    loading: state.hasTag('loading'),
    failed: state.hasTag('failed'),
    busy: state.hasTag('busy'),
    editable: state.hasTag('editable'),
    saving: state.hasTag('saving'),
    sending: state.hasTag('sending'),
    changed: handlingChanged(c),
    canSave: state.can({ type: 'handling.save' }),
    canSend: state.can({ type: 'reply.send' }),
    /** Whether rows of the list can be marked with this status now. */
    canMark: (ids: number[], status: InquiryStatus) => state.can({ type: 'status.set', ids, status }),
    show: (id: number) => actor.send({ type: 'detail.open', id }),
    close: () => actor.send({ type: 'detail.close' }),
    mark: (ids: number[], status: InquiryStatus) => actor.send({ type: 'status.set', ids, status }),
    edit: (patch: Partial<HandlingDraft>) => actor.send({ type: 'handling.edit', patch }),
    save: () => actor.send({ type: 'handling.save' }),
    editReply: (patch: Partial<ReplyDraft>) => actor.send({ type: 'reply.edit', patch }),
    send: () => actor.send({ type: 'reply.send' }),
  };
}
export type InquiryDesk = ReturnType<typeof useInquiryDesk>;
