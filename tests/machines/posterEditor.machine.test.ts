import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { posterEditorMachine, type PosterEditorEvent } from '../../machines/posterEditor.machine';
import { PosterElements, type Poster, type PosterRendered } from '../../models/poster';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof posterEditorMachine>;

const coverage = trackTransitions(posterEditorMachine);
const start = () => startRecorded(posterEditorMachine, ['loadPoster', 'saveLayout', 'renderPoster', 'notify', 'closed'], coverage, { id: 5 });

const poster: Poster = {
  id: 5,
  site_id: 1,
  name: 'Spring',
  width: 400,
  height: 300,
  format: 'png',
  quality: 90,
  background_type: 'color',
  background_image: '',
  background_color: '#ffffff',
  elements: [],
  image_url: '',
  rendered_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const rendered: PosterRendered = { id: 5, attachment_id: 9, url: '/uploads/1/p.png', file_name: 'Spring.png', width: 400, height: 300, format: 'png' };

/** Events offered in a state: two adds at most (ids el1 and el2) so the graph stays finite. */
const EVENTS = (s: Snapshot): PosterEditorEvent[] => [
  { type: 'poster.loaded', poster },
  { type: 'poster.failed', message: 'gone' },
  { type: 'poster.retry' },
  ...(s.context.seq === 0
    ? ([
        { type: 'element.add', kind: 'text', content: ' Hello ' },
        { type: 'element.add', kind: 'image', content: '/uploads/1/a.png' },
        { type: 'element.add', kind: 'text', content: '   ' },
      ] as const)
    : s.context.seq === 1
      ? ([{ type: 'element.add', kind: 'qr', content: 'https://example.com' }] as const)
      : []),
  { type: 'element.select', id: 'el1' },
  { type: 'element.select', id: 'el2' },
  { type: 'element.select', id: null },
  { type: 'element.select', id: 'nope' },
  { type: 'element.move', id: 'el1', x: 9999, y: -40 },
  { type: 'element.move', id: 'nope', x: 1, y: 1 },
  { type: 'element.resize', id: 'el1', w: 1, h: 99999 },
  { type: 'element.change', patch: { text: '' } },
  { type: 'element.change', patch: { text: 'Hi', font_size: 48, color: '#ff0000', url: '/uploads/1/b.png' } },
  { type: 'element.raise' },
  { type: 'element.lower' },
  { type: 'element.remove' },
  { type: 'layout.save' },
  { type: 'save.done' },
  { type: 'save.failed', message: 'refused' },
  { type: 'poster.render' },
  { type: 'render.done', rendered },
  { type: 'render.failed', message: 'broken' },
  { type: 'editor.close' },
  { type: 'close.discard' },
  { type: 'close.cancel' },
];

/** What the chart's guards read, so the graph stays small: order, selection, validity, flags. */
const project = (s: Snapshot) => ({
  ids: s.context.elements.map((e) => `${e.id}:${e.kind}`),
  selected: s.context.selected,
  dirty: s.context.dirty,
  valid: PosterElements.safeParse(s.context.elements).success,
  renderAfterSave: s.context.renderAfterSave,
  loaded: s.context.poster !== null,
  error: s.context.error,
});

function oracle({ before, after, event, effects }: StepCheck<Snapshot, PosterEditorEvent>) {
  // Every element stays on the canvas, at least the smallest size.
  for (const el of after.context.elements) {
    expect(el.x).toBeGreaterThanOrEqual(0);
    expect(el.y).toBeGreaterThanOrEqual(0);
    expect(el.x + el.w).toBeLessThanOrEqual(400);
    expect(el.y + el.h).toBeLessThanOrEqual(300);
    expect(Math.min(el.w, el.h)).toBeGreaterThanOrEqual(10);
  }
  // Ids are unique; the selection is one of them or nothing.
  expect(new Set(after.context.elements.map((e) => e.id)).size).toBe(after.context.elements.length);
  if (after.context.selected !== null) expect(after.context.elements.some((e) => e.id === after.context.selected)).toBe(true);
  // While saving or rendering nothing can be edited; a shown image belongs to the saved layout.
  if (after.hasTag('busy')) expect(after.can({ type: 'element.select', id: null })).toBe(false);
  if (after.context.rendered) expect(after.context.dirty).toBe(false);
  if (event.type === ('xstate.init' as string)) return expect(effects).toEqual([{ type: 'loadPoster', params: { id: 5 } }]);
  if (!before.can(event)) {
    expect(after.value).toEqual(before.value);
    expect(after.context).toEqual(before.context);
    return expect(effects).toEqual([]);
  }
  const at = (s: Snapshot, id: string | null) => s.context.elements.find((e) => e.id === id);
  switch (event.type) {
    case 'poster.loaded':
      expect(after.hasTag('editable')).toBe(true);
      return expect(effects).toEqual([]);
    case 'poster.failed':
      expect(after.hasTag('failed')).toBe(true);
      return expect(after.context.error).toBe('gone');
    case 'poster.retry':
      return expect(effects).toEqual([{ type: 'loadPoster', params: { id: 5 } }]);
    case 'element.add': {
      const added = after.context.elements.at(-1)!;
      expect(after.context.elements).toHaveLength(before.context.elements.length + 1);
      expect(after.context.selected).toBe(added.id);
      expect(added.kind).toBe(event.kind);
      expect(added.kind === 'image' ? added.url : added.text).toBe(event.content.trim());
      // Centred on the canvas.
      expect(Math.abs(added.x + added.w / 2 - 200)).toBeLessThanOrEqual(1);
      expect(Math.abs(added.y + added.h / 2 - 150)).toBeLessThanOrEqual(1);
      expect(after.context.dirty).toBe(true);
      return expect(effects).toEqual([]);
    }
    case 'element.select':
      return expect(after.context.selected).toBe(event.id);
    case 'element.move': {
      const el = at(after, event.id)!;
      // Pushed back to the right and top edges.
      expect(el.x + el.w).toBe(400);
      expect(el.y).toBe(0);
      return expect(after.context.dirty).toBe(true);
    }
    case 'element.resize': {
      const el = at(after, event.id)!;
      expect(el.w).toBe(10);
      return expect(el.y + el.h).toBe(300);
    }
    case 'element.change': {
      const el = at(after, before.context.selected)!;
      const was = at(before, el.id)!;
      if (el.kind === 'image') expect(el.url).toBe(event.patch.url ?? (was as typeof el).url);
      else expect(el.text).toBe(event.patch.text ?? (was as typeof el).text);
      if (el.kind === 'text' && event.patch.font_size) expect([el.font_size, el.color]).toEqual([event.patch.font_size, event.patch.color]);
      return expect(after.context.dirty).toBe(true);
    }
    case 'element.raise':
    case 'element.lower': {
      const i = before.context.elements.findIndex((e) => e.id === before.context.selected);
      const j = event.type === 'element.raise' ? i + 1 : i - 1;
      expect(after.context.elements[j]!.id).toBe(before.context.selected);
      expect(after.context.elements[i]!.id).toBe(before.context.elements[j]!.id);
      return expect(after.context.selected).toBe(before.context.selected);
    }
    case 'element.remove':
      expect(after.context.elements.map((e) => e.id)).toEqual(before.context.elements.filter((e) => e.id !== before.context.selected).map((e) => e.id));
      return expect(after.context.selected).toBeNull();
    case 'layout.save':
    case 'poster.render':
      // A changed layout is saved first; an unchanged one is rendered at once.
      if (before.context.dirty) return expect(effects).toEqual([{ type: 'saveLayout', params: { id: 5, elements: before.context.elements } }]);
      return expect(effects).toEqual([{ type: 'renderPoster', params: { id: 5 } }]);
    case 'save.done':
      expect(after.context.dirty).toBe(false);
      if (before.context.renderAfterSave) return expect(effects).toEqual([{ type: 'renderPoster', params: { id: 5 } }]);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: 'posters.saved' } }]);
    case 'save.failed':
      expect(after.context.dirty).toBe(true);
      expect(after.hasTag('editable')).toBe(true);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: 'refused' } }]);
    case 'render.done':
      expect(after.context.rendered).toEqual(rendered);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: 'posters.rendered' } }]);
    case 'render.failed':
      expect(after.context.rendered).toBeNull();
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: 'broken' } }]);
    case 'editor.close':
      // A changed layout asks first; anything else closes at once.
      if (before.hasTag('editable') && before.context.dirty) {
        expect(after.hasTag('confirmingClose')).toBe(true);
        return expect(effects).toEqual([]);
      }
      expect(after.status).toBe('done');
      return expect(effects).toEqual([{ type: 'closed', params: null }]);
    case 'close.discard':
      expect(after.status).toBe('done');
      return expect(effects).toEqual([{ type: 'closed', params: null }]);
    case 'close.cancel':
      expect(after.hasTag('editable')).toBe(true);
      expect(after.context).toEqual(before.context);
      return expect(effects).toEqual([]);
  }
}

describe('poster editor chart, every path of the model', () => {
  const model = createTestModel(posterEditorMachine, {
    input: { id: 5 },
    // A vertex is a state, what the guards read, and the event and state that reached it.
    serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, project(snapshot), event?.type ?? null, previous?.value ?? null]),
    limit: 500_000,
  });
  for (const path of model.getShortestPaths({ events: coverage.examples(EVENTS), allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, oracle, project));
  }
});

describe('poster editor, what an admin does', () => {
  it('adds a text and a QR code, lays them out, and renders after saving the changes', () => {
    const { actor, take } = start();
    actor.send({ type: 'poster.loaded', poster });
    actor.send({ type: 'element.add', kind: 'text', content: '春季新品' });
    actor.send({ type: 'element.change', patch: { font_size: 60, color: '#d00000' } });
    actor.send({ type: 'element.add', kind: 'qr', content: 'https://example.com' });
    actor.send({ type: 'element.move', id: 'el2', x: 250, y: 150 });
    actor.send({ type: 'element.lower' });
    const { elements } = actor.getSnapshot().context;
    expect(elements.map((e) => [e.id, e.kind])).toEqual([
      ['el2', 'qr'],
      ['el1', 'text'],
    ]);
    expect(elements[1]).toMatchObject({ font_size: 60, color: '#d00000', text: '春季新品' });
    actor.send({ type: 'poster.render' });
    actor.send({ type: 'save.done' });
    actor.send({ type: 'render.done', rendered });
    expect(take()).toEqual([
      { type: 'loadPoster', params: { id: 5 } },
      { type: 'saveLayout', params: { id: 5, elements } },
      { type: 'renderPoster', params: { id: 5 } },
      { type: 'notify', params: { kind: 'success', message: 'posters.rendered' } },
    ]);
    expect(actor.getSnapshot().context.rendered).toEqual(rendered);
  });

  it('a layout with an empty text cannot be saved or rendered until it is filled in', () => {
    const { actor } = start();
    actor.send({ type: 'poster.loaded', poster });
    actor.send({ type: 'element.add', kind: 'text', content: 'x' });
    actor.send({ type: 'element.change', patch: { text: '' } });
    expect(actor.getSnapshot().can({ type: 'layout.save' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'poster.render' })).toBe(false);
    actor.send({ type: 'element.change', patch: { text: 'ok' } });
    expect(actor.getSnapshot().can({ type: 'poster.render' })).toBe(true);
  });

  it('new ids never repeat the loaded ones', () => {
    const { actor } = start();
    const text = { id: 'el1', kind: 'text', x: 0, y: 0, w: 100, h: 40, text: 'a', font_size: 20, color: '#000000' } as const;
    actor.send({ type: 'poster.loaded', poster: { ...poster, elements: [{ ...text, id: 'el2' }] } });
    actor.send({ type: 'element.add', kind: 'qr', content: 'q' });
    expect(actor.getSnapshot().context.elements.map((e) => e.id)).toEqual(['el2', 'el3']);
  });
});

describe('poster editor chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
