import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { posterEditorMachine, type PosterElementPatch } from '../../../machines/posterEditor.machine';
import type { Poster, PosterElementKind, PosterRendered } from '../../../models/poster';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { hasKey, t } from '../../i18n';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** Rendering a large poster takes longer than an ordinary request. */
const RENDER_TIMEOUT_MS = 60_000;

/** Connects the poster editor to its chart: the canvas's elements, the selection, saving and rendering. */
export function usePosterEditor(id: number, onClosed: () => void) {
  const closedRef = useRef(onClosed);
  closedRef.current = onClosed;
  const actor = useChart(
    posterEditorMachine.provide({
      actions: {
        loadPoster: (_, p) => {
          get<Poster>('/poster/read', { id: p.id })
            .then(({ data }) => actor.send({ type: 'poster.loaded', poster: data }))
            .catch((e: unknown) => actor.send({ type: 'poster.failed', message: messageOf(e) }));
        },
        saveLayout: (_, p) => {
          post('/poster/layout', p)
            .then(() => actor.send({ type: 'save.done' }))
            .catch((e: unknown) => actor.send({ type: 'save.failed', message: messageOf(e) }));
        },
        renderPoster: (_, p) => {
          post<PosterRendered>('/poster/render', p, { timeout: RENDER_TIMEOUT_MS })
            .then(({ data }) => actor.send({ type: 'render.done', rendered: data }))
            .catch((e: unknown) => actor.send({ type: 'render.failed', message: messageOf(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, hasKey(message) ? t(message) : message),
        closed: () => closedRef.current(),
      },
    }),
    { input: { id } },
  );
  const state = useSelector(actor, (s) => s);
  const { poster, elements, selected, rendered, error } = state.context;
  const send = actor.send;
  return {
    poster,
    elements,
    selected: elements.find((e) => e.id === selected) ?? null,
    rendered,
    error,
    loading: !poster && state.hasTag('busy'),
    failed: state.hasTag('failed'),
    busy: state.hasTag('busy'),
    editable: state.hasTag('editable'),
    dirty: state.context.dirty,
    canSave: state.can({ type: 'layout.save' }),
    canRender: state.can({ type: 'poster.render' }),
    canRaise: state.can({ type: 'element.raise' }),
    canLower: state.can({ type: 'element.lower' }),
    retry: () => send({ type: 'poster.retry' }),
    add: (kind: PosterElementKind, content: string) => send({ type: 'element.add', kind, content }),
    select: (elementId: string | null) => send({ type: 'element.select', id: elementId }),
    move: (elementId: string, x: number, y: number) => send({ type: 'element.move', id: elementId, x, y }),
    resize: (elementId: string, w: number, h: number) => send({ type: 'element.resize', id: elementId, w, h }),
    change: (patch: PosterElementPatch) => send({ type: 'element.change', patch }),
    raise: () => send({ type: 'element.raise' }),
    lower: () => send({ type: 'element.lower' }),
    remove: () => send({ type: 'element.remove' }),
    save: () => send({ type: 'layout.save' }),
    render: () => send({ type: 'poster.render' }),
    confirmingClose: state.hasTag('confirmingClose'),
    /** Closes the editor; a changed layout asks first. */
    close: () => send({ type: 'editor.close' }),
    discard: () => send({ type: 'close.discard' }),
    keepEditing: () => send({ type: 'close.cancel' }),
  };
}
export type PosterEditor = ReturnType<typeof usePosterEditor>;
