import { useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { inquiryDeskMachine } from '../../../machines/inquiryDesk.machine';
import type { Inquiry, InquiryStatus } from '../../../models/inquiry';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the inquiry screen to its chart: the open inquiry, status marks, and a list reload after a mark. */
export function useInquiryDesk(onListChanged: () => void) {
  const listChanged = useRef(onListChanged);
  listChanged.current = onListChanged;
  const actor = useActorRef(
    inquiryDeskMachine.provide({
      actions: {
        loadInquiry: (_, { id }) => {
          get<Inquiry>('/inquiry/read', { id })
            .then(({ data }) => actor.send({ type: 'detail.loaded', inquiry: data }))
            .catch((e: unknown) => actor.send({ type: 'detail.failed', message: messageOf(e) }));
        },
        setStatus: (_, { ids, status }) => {
          post('/inquiry/status', { ids, status })
            .then(({ msg }) => actor.send({ type: 'status.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'status.failed', message: messageOf(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
        listChanged: () => listChanged.current(),
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  return {
    id: state.context.id,
    inquiry: state.context.inquiry,
    error: state.context.error,
    open: state.hasTag('open'),
    shown: state.hasTag('shown'),
    loading: state.hasTag('loading'),
    failed: state.hasTag('failed'),
    busy: state.hasTag('busy'),
    /** Whether the open inquiry, or rows of the list, can be marked with this status now. */
    canMark: (ids: number[], status: InquiryStatus) => state.can({ type: 'status.set', ids, status }),
    show: (id: number) => actor.send({ type: 'detail.open', id }),
    close: () => actor.send({ type: 'detail.close' }),
    mark: (ids: number[], status: InquiryStatus) => actor.send({ type: 'status.set', ids, status }),
  };
}
export type InquiryDesk = ReturnType<typeof useInquiryDesk>;
