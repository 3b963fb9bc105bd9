import { assign, setup } from 'xstate';
import { ATTACHMENT_TYPE, type AttachmentKind } from '../models/attachment';

// The attachment picker dialog (spec §5, §9): browse the library or add a network address, choose one
// or several attachments, never more than `max` (the designer limit is 10; an image picker takes one
// image: 'at most one image may be selected'), and only of the picker's kind when it has one. Choosing
// one more than allowed is refused with a warning, never by silently dropping an earlier choice. A file
// uploaded or an address added from the picker is chosen when it fits and there is room. The app
// provides warnLimit, warnKind (messages) and deliver (hand the chosen attachments to the caller).

export interface PickedAttachment {
  id: number;
  name: string;
  url: string;
  type: number;
}

export interface PickerContext {
  selected: PickedAttachment[];
  max: number;
  /** Only attachments of this kind may be chosen (null: any kind). */
  kind: AttachmentKind | null;
}

export type PickerEvent =
  | { type: 'picker.open'; max: number; kind?: AttachmentKind | null }
  | { type: 'item.toggle'; item: PickedAttachment }
  /** A file uploaded from the picker: chosen when it fits and there is room, never unchosen. */
  | { type: 'item.uploaded'; item: PickedAttachment }
  | { type: 'network.open' }
  | { type: 'network.cancel' }
  /** The network address form saved this attachment. */
  | { type: 'network.added'; item: PickedAttachment }
  | { type: 'picker.confirm' }
  | { type: 'picker.close' };

const isSelected = (c: PickerContext, id: number) => c.selected.some((s) => s.id === id);
const hasRoom = (c: PickerContext) => c.selected.length < c.max;
/** The item is of the picker's kind (any item when the picker has none). */
export const fitsKind = (kind: AttachmentKind | null, item: PickedAttachment) => kind === null || item.type === ATTACHMENT_TYPE[kind];

export const pickerMachine = setup({
  types: { context: {} as PickerContext, events: {} as PickerEvent },
  actions: {
    warnLimit: (_, _params: { max: number; kind: AttachmentKind | null }) => {},
    warnKind: (_, _params: { kind: AttachmentKind }) => {},
    deliver: (_, _params: { items: PickedAttachment[] }) => {},
    choose: assign({ selected: ({ context, event }) => ('item' in event ? [...context.selected, event.item] : context.selected) }),
  },
  guards: {
    chosen: ({ context, event }) => 'item' in event && isSelected(context, event.item.id),
    wrongKind: ({ context, event }) => 'item' in event && !fitsKind(context.kind, event.item),
    room: ({ context }) => hasRoom(context),
    fresh: ({ context, event }) => 'item' in event && !isSelected(context, event.item.id) && fitsKind(context.kind, event.item) && hasRoom(context),
    anything: ({ context }) => context.selected.length > 0,
  },
}).createMachine({
  id: 'picker',
  context: { selected: [], max: 1, kind: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'picker.open': {
          target: 'open',
          actions: assign({ selected: [], max: ({ event }) => Math.max(1, Math.floor(event.max)), kind: ({ event }) => event.kind ?? null }),
        },
      },
    },
    open: {
      tags: ['open'],
      initial: 'library',
      on: {
        'item.toggle': [
          { guard: 'chosen', actions: assign({ selected: ({ context, event }) => context.selected.filter((s) => s.id !== event.item.id) }) },
          { guard: 'wrongKind', actions: { type: 'warnKind', params: ({ context }) => ({ kind: context.kind! }) } },
          { guard: 'room', actions: 'choose' },
          { actions: { type: 'warnLimit', params: ({ context }) => ({ max: context.max, kind: context.kind }) } },
        ],
        'item.uploaded': [
          { guard: 'fresh', actions: 'choose' },
          { guard: 'wrongKind', actions: { type: 'warnKind', params: ({ context }) => ({ kind: context.kind! }) } },
        ],
        'picker.confirm': { guard: 'anything', target: 'closed', actions: { type: 'deliver', params: ({ context }) => ({ items: context.selected }) } },
        'picker.close': 'closed',
      },
      states: {
        library: {
          tags: ['library'],
          on: { 'network.open': 'network' },
        },
        network: {
          tags: ['network'],
          on: {
            'network.cancel': 'library',
            'network.added': [
              { guard: 'fresh', target: 'library', actions: 'choose' },
              { guard: 'wrongKind', target: 'library', actions: { type: 'warnKind', params: ({ context }) => ({ kind: context.kind! }) } },
              { target: 'library' },
            ],
          },
        },
      },
    },
  },
});
