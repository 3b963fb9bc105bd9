import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { posterEditorMachine, PosterEditorEvent } from '../../machines/posterEditor.machine';
import { PosterElements } from '../../models/poster';
import { describePath, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { rendered, eventsWith, project } from './examples/posterEditor.examples';
export { poster, rendered } from './examples/posterEditor.examples';

// The poster editor chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof posterEditorMachine>;

export const EFFECTS = ['loadPoster', 'saveLayout', 'renderPoster', 'notify', 'closed'] as const;

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
      // Only a layout the server would accept is saved or rendered.
      expect(PosterElements.safeParse(before.context.elements).success, 'saves a layout the server refuses').toBe(true);
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

/**
 * Every shortest path of the model, with two elements added at most and every event from each vertex
 * (`allowDuplicatePaths`): what the chart's own test walks. The mutation check walks a smaller model
 * (one element added at most, each vertex reached once) with the same oracle.
 */
export const posterEditorSuite =
  ({ allowDuplicatePaths = true, adds = 2 }: { allowDuplicatePaths?: boolean; adds?: 1 | 2 } = {}): ModelSuite<typeof posterEditorMachine> =>
  (machine, coverage) => {
    const model = createTestModel(machine, {
      input: { id: 5 },
      // A vertex is a state, what the guards read, and the event and state that reached it.
      serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, project(snapshot), event?.type ?? null, previous?.value ?? null]),
      limit: 500_000,
    });
    return model.getShortestPaths({ events: coverage.examples(eventsWith(adds)), allowDuplicatePaths }).map((path) => ({
      name: describePath(path),
      run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage, { id: 5 }), oracle, project),
    }));
  };

export const posterEditorModelTests = posterEditorSuite();
