import { assign, setup } from 'xstate';
import {
  POSTER_ELEMENT_MIN,
  POSTER_FONT_SIZE,
  PosterElements,
  type Poster,
  type PosterElement,
  type PosterElementKind,
  type PosterRendered,
} from '../models/poster';

// The poster editor (/poster/index): one poster's elements on its canvas — add text, images and QR codes,
// select, drag, resize, change their properties, move them up or down a layer, delete — then save the layout
// and have the server render the image. Positions are poster pixels; an element stays on the canvas.
// The app provides loadPoster (→ poster.loaded / poster.failed), saveLayout (→ save.done / save.failed),
// renderPoster (→ render.done / render.failed), notify, and closed (the editor goes away; a dirty layout is
// confirmed first).

export interface PosterEditorContext {
  id: number;
  /** The poster as loaded (its size and background); its elements live in `elements`. */
  poster: Poster | null;
  elements: PosterElement[];
  selected: string | null;
  /** Changes not yet saved. */
  dirty: boolean;
  /** Render once the save in progress is done. */
  renderAfterSave: boolean;
  /** Numbers new element ids. */
  seq: number;
  rendered: PosterRendered | null;
  error: string | null;
}

/** What a property change may touch. */
export type PosterElementPatch = Partial<{ text: string; font_size: number; color: string; url: string }>;

export type PosterEditorEvent =
  | { type: 'poster.loaded'; poster: Poster }
  | { type: 'poster.failed'; message: string }
  | { type: 'poster.retry' }
  | { type: 'element.add'; kind: PosterElementKind; content: string }
  | { type: 'element.select'; id: string | null }
  | { type: 'element.move'; id: string; x: number; y: number }
  | { type: 'element.resize'; id: string; w: number; h: number }
  | { type: 'element.change'; patch: PosterElementPatch }
  | { type: 'element.raise' }
  | { type: 'element.lower' }
  | { type: 'element.remove' }
  | { type: 'layout.save' }
  | { type: 'save.done' }
  | { type: 'save.failed'; message: string }
  | { type: 'poster.render' }
  | { type: 'render.done'; rendered: PosterRendered }
  | { type: 'render.failed'; message: string }
  | { type: 'editor.close' }
  | { type: 'close.discard' }
  | { type: 'close.cancel' };

const clamp = (v: number, min: number, max: number) => Math.round(Math.min(Math.max(v, min), Math.max(min, max)));

/** A new element of this kind, centred on the canvas. */
export function newElement(kind: PosterElementKind, content: string, id: string, canvas: { width: number; height: number }): PosterElement {
  const side = Math.max(POSTER_ELEMENT_MIN, Math.round(Math.min(canvas.width, canvas.height) / 3));
  const box =
    kind === 'text'
      ? { w: Math.max(POSTER_ELEMENT_MIN, Math.round(canvas.width * 0.8)), h: Math.max(POSTER_ELEMENT_MIN, Math.round(POSTER_FONT_SIZE.default * 1.5)) }
      : { w: side, h: side };
  const place = { id, x: Math.round((canvas.width - box.w) / 2), y: Math.round((canvas.height - box.h) / 2), ...box };
  if (kind === 'text') return { ...place, kind, text: content, font_size: POSTER_FONT_SIZE.default, color: '#000000' };
  if (kind === 'qr') return { ...place, kind, text: content, color: '#000000' };
  return { ...place, kind, url: content };
}

const indexOfSelected = (c: PosterEditorContext) => c.elements.findIndex((e) => e.id === c.selected);
function swap(list: PosterElement[], i: number, j: number): PosterElement[] {
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
/** Changes the layout: unsaved now, and the last rendered image no longer shows it. */
const edited = (elements: (c: PosterEditorContext, e: PosterEditorEvent) => PosterElement[]) =>
  assign<PosterEditorContext, PosterEditorEvent, undefined, PosterEditorEvent, never>({
    elements: ({ context, event }) => elements(context, event),
    dirty: true,
    rendered: null,
  });

export const posterEditorMachine = setup({
  types: { context: {} as PosterEditorContext, events: {} as PosterEditorEvent, input: {} as { id: number } },
  actions: {
    loadPoster: (_, _params: { id: number }) => {},
    saveLayout: (_, _params: { id: number; elements: PosterElement[] }) => {},
    renderPoster: (_, _params: { id: number }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    closed: () => {},
  },
  guards: {
    hasSelection: ({ context }) => indexOfSelected(context) >= 0,
    canRaise: ({ context }) => {
      const i = indexOfSelected(context);
      return i >= 0 && i < context.elements.length - 1;
    },
    canLower: ({ context }) => indexOfSelected(context) > 0,
    knownElement: ({ context, event }) => 'id' in event && context.elements.some((e) => e.id === event.id),
    selectable: ({ context, event }) => event.type === 'element.select' && (event.id === null || context.elements.some((e) => e.id === event.id)),
    hasContent: ({ event }) => event.type === 'element.add' && event.content.trim() !== '',
    /** A layout is saved only when it changed and the server would accept it. */
    savable: ({ context }) => context.dirty && PosterElements.safeParse(context.elements).success,
    clean: ({ context }) => !context.dirty,
    renderAfterSave: ({ context }) => context.renderAfterSave,
  },
}).createMachine({
  id: 'posterEditor',
  context: ({ input }) => ({ id: input.id, poster: null, elements: [], selected: null, dirty: false, renderAfterSave: false, seq: 0, rendered: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: { type: 'loadPoster', params: ({ context }) => ({ id: context.id }) },
      on: {
        'poster.loaded': {
          target: 'editing',
          actions: assign({
            poster: ({ event }) => event.poster,
            elements: ({ event }) => event.poster.elements,
            seq: ({ event }) => event.poster.elements.length,
            error: null,
          }),
        },
        'poster.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        'editor.close': 'closed',
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'poster.retry': 'loading', 'editor.close': 'closed' },
    },
    editing: {
      tags: ['editable'],
      on: {
        'element.add': {
          guard: 'hasContent',
          actions: assign(({ context, event }) => {
            let seq = context.seq + 1;
            while (context.elements.some((e) => e.id === `el${seq}`)) seq += 1;
            const id = `el${seq}`;
            return {
              elements: [...context.elements, newElement(event.kind, event.content.trim(), id, context.poster!)],
              selected: id,
              seq,
              dirty: true,
              rendered: null,
            };
          }),
        },
        'element.select': { guard: 'selectable', actions: assign({ selected: ({ event }) => event.id }) },
        'element.move': {
          guard: 'knownElement',
          actions: edited((c, e) =>
            c.elements.map((el) =>
              e.type === 'element.move' && el.id === e.id ? { ...el, x: clamp(e.x, 0, c.poster!.width - el.w), y: clamp(e.y, 0, c.poster!.height - el.h) } : el,
            ),
          ),
        },
        'element.resize': {
          guard: 'knownElement',
          actions: edited((c, e) =>
            c.elements.map((el) =>
              e.type === 'element.resize' && el.id === e.id
                ? { ...el, w: clamp(e.w, POSTER_ELEMENT_MIN, c.poster!.width - el.x), h: clamp(e.h, POSTER_ELEMENT_MIN, c.poster!.height - el.y) }
                : el,
            ),
          ),
        },
        'element.change': {
          guard: 'hasSelection',
          actions: edited((c, e) =>
            c.elements.map((el) => {
              if (e.type !== 'element.change' || el.id !== c.selected) return el;
              const p = e.patch;
              if (el.kind === 'text') return { ...el, ...(p.text !== undefined && { text: p.text }), ...(p.font_size !== undefined && { font_size: p.font_size }), ...(p.color !== undefined && { color: p.color }) };
              if (el.kind === 'qr') return { ...el, ...(p.text !== undefined && { text: p.text }), ...(p.color !== undefined && { color: p.color }) };
              return { ...el, ...(p.url !== undefined && { url: p.url }) };
            }),
          ),
        },
        'element.raise': { guard: 'canRaise', actions: edited((c) => swap(c.elements, indexOfSelected(c), indexOfSelected(c) + 1)) },
        'element.lower': { guard: 'canLower', actions: edited((c) => swap(c.elements, indexOfSelected(c), indexOfSelected(c) - 1)) },
        'element.remove': {
          guard: 'hasSelection',
          actions: [edited((c) => c.elements.filter((el) => el.id !== c.selected)), assign({ selected: null })],
        },
        'layout.save': { guard: 'savable', target: 'saving', actions: assign({ renderAfterSave: false }) },
        'poster.render': [
          { guard: 'savable', target: 'saving', actions: assign({ renderAfterSave: true }) },
          { guard: 'clean', target: 'rendering' },
        ],
        // Unsaved changes are kept or dropped only when the admin says which.
        'editor.close': [{ guard: 'clean', target: 'closed' }, { target: 'confirmingClose' }],
      },
    },
    confirmingClose: {
      tags: ['confirmingClose'],
      on: { 'close.discard': 'closed', 'close.cancel': 'editing' },
    },
    closed: {
      type: 'final',
      entry: 'closed',
    },
    saving: {
      tags: ['busy'],
      entry: { type: 'saveLayout', params: ({ context }) => ({ id: context.id, elements: context.elements }) },
      on: {
        'save.done': [
          { guard: 'renderAfterSave', target: 'rendering', actions: assign({ dirty: false, renderAfterSave: false }) },
          { target: 'editing', actions: [assign({ dirty: false }), { type: 'notify', params: { kind: 'success', message: 'posters.saved' } }] },
        ],
        'save.failed': {
          target: 'editing',
          actions: [assign({ renderAfterSave: false }), { type: 'notify', params: ({ event }) => ({ kind: 'error', message: event.message }) }],
        },
      },
    },
    rendering: {
      tags: ['busy'],
      entry: { type: 'renderPoster', params: ({ context }) => ({ id: context.id }) },
      on: {
        'render.done': {
          target: 'editing',
          actions: [assign({ rendered: ({ event }) => event.rendered }), { type: 'notify', params: { kind: 'success', message: 'posters.rendered' } }],
        },
        'render.failed': { target: 'editing', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', message: event.message }) } },
      },
    },
  },
});
