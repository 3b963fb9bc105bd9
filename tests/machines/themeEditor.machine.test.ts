import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { themeEditorMachine, type ThemeEditorEvent } from '../../machines/themeEditor.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { INDEX, CSS, V1, eventsFor } from './examples/themeEditor.examples';

type Snapshot = SnapshotFrom<typeof themeEditorMachine>;

const coverage = trackTransitions(themeEditorMachine);
const ACTIONS = ['listFiles', 'loadFile', 'saveFile', 'loadHistory', 'loadVersion', 'restoreVersion'] as const;
const start = () => startRecorded(themeEditorMachine, ACTIONS, coverage);

/** What the screen must show and do after each event. */
function oracle({ before, after, event, effects }: StepCheck<Snapshot, ThemeEditorEvent>) {
  const c = before.context;
  const a = after.context;
  // Unsaved changes are exactly a draft that differs from the server's text, and only they can be saved.
  if (after.hasTag('fileOpen')) expect(after.hasTag('dirty')).toBe(a.draft !== a.saved);
  expect(after.can({ type: 'file.save' })).toBe(after.hasTag('editable') && after.hasTag('dirty') && !a.readOnly);
  // Nothing is switched away from while a write is in flight.
  if (after.hasTag('busy') && after.hasTag('fileOpen')) expect(after.can({ type: 'file.select', folder: 'ocean', path: CSS })).toBe(false);
  const dirtyEditing = before.hasTag('editable') && before.hasTag('dirty');
  switch (event.type) {
    case 'theme.select':
    case 'file.select':
      if (dirtyEditing) {
        // Unsaved changes: ask first, load nothing, keep the draft.
        expect(after.hasTag('confirming')).toBe(true);
        expect(a.draft).toBe(c.draft);
        expect(effects).toEqual([]);
      } else if (after !== before) {
        expect(a.draft).toBe('');
        expect(effects).toEqual(
          event.type === 'file.select'
            ? [{ type: 'loadFile', params: { folder: event.folder, path: event.path } }]
            : [{ type: 'listFiles', params: { folder: event.folder } }],
        );
      } else expect(effects).toEqual([]);
      break;
    case 'file.loaded':
    case 'file.failed':
      if (before.matches('loading') && event.path === c.path && event.folder === c.folder) {
        if (event.type === 'file.loaded') {
          expect(after.hasTag('editable')).toBe(true);
          expect(a).toMatchObject({ saved: event.content, draft: event.content, readOnly: event.readOnly });
        } else expect(after.hasTag('failed')).toBe(true);
      } else expect(after).toBe(before); // a late answer for another file changes nothing
      break;
    case 'content.change':
      if (before.hasTag('editable') && !c.readOnly) expect(a.draft).toBe(event.content);
      else if (before.hasTag('editable')) expect(after).toBe(before); // read-only: nothing changes
      expect(effects).toEqual([]);
      break;
    case 'file.save':
      if (before.can(event)) {
        expect(after.hasTag('busy')).toBe(true);
        expect(effects).toEqual([{ type: 'saveFile', params: { folder: c.folder, path: c.path, content: c.draft } }]);
      } else expect(effects).toEqual([]);
      break;
    case 'save.done':
      if (before.matches('saving')) expect(a.saved).toBe(c.draft);
      break;
    case 'save.failed':
      if (before.matches('saving')) {
        expect(after.hasTag('dirty') && after.hasTag('editable')).toBe(true);
        expect(a).toMatchObject({ draft: c.draft, error: event.message });
      }
      break;
    case 'switch.confirm':
      if (before.hasTag('confirming')) {
        const p = c.pending!;
        expect(effects).toEqual(p.path ? [{ type: 'loadFile', params: { folder: p.folder, path: p.path } }] : [{ type: 'listFiles', params: { folder: p.folder } }]);
        expect(a).toMatchObject({ folder: p.folder, path: p.path, draft: '' });
      }
      break;
    case 'switch.cancel':
      if (before.hasTag('confirming')) {
        expect(after.hasTag('dirty') && after.hasTag('editable')).toBe(true);
        expect(a.draft).toBe(c.draft);
      }
      break;
    case 'history.open':
      if (before.can(event)) expect(effects).toEqual([{ type: 'loadHistory', params: { folder: c.folder, path: c.path } }]);
      else expect(effects).toEqual([]);
      // History opens only without unsaved changes.
      if (before.hasTag('dirty')) expect(after).toBe(before);
      break;
    case 'version.select':
      if (before.can(event)) expect(effects).toEqual([{ type: 'loadVersion', params: { folder: c.folder, path: c.path, version: event.version } }]);
      break;
    case 'version.restore':
      if (before.can(event)) {
        expect(c.readOnly).toBe(false);
        expect(effects).toEqual([{ type: 'restoreVersion', params: { folder: c.folder, path: c.path, version: c.version } }]);
      } else expect(effects).toEqual([]);
      break;
    case 'restore.done':
      if (before.matches({ history: 'restoring' })) {
        expect(after.hasTag('editable') && !after.hasTag('dirty')).toBe(true);
        expect(a).toMatchObject({ saved: event.content, draft: event.content });
      }
      break;
    default:
      break;
  }
}

describe('theme editor chart, every path of the model', () => {
  const model = createTestModel(themeEditorMachine, { events: coverage.examples(eventsFor), serializeState: serializeTransition, limit: 60_000 });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });
  it('the model has paths to walk', () => expect(paths.length).toBeGreaterThan(50));
  for (const path of paths) {
    it(describePath(path), () => walkPath(path, () => start(), oracle));
  }
});

describe('theme editor chart, what the screen sees', () => {
  it('edit, try to switch, cancel, save, then open history and restore', () => {
    const { actor, take } = start();
    actor.send({ type: 'theme.select', folder: 'ocean' });
    actor.send({ type: 'file.select', folder: 'ocean', path: INDEX });
    actor.send({ type: 'file.loaded', folder: 'ocean', path: INDEX, content: 'A', readOnly: false });
    actor.send({ type: 'content.change', content: 'A+' });
    actor.send({ type: 'file.select', folder: 'ocean', path: CSS });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    actor.send({ type: 'switch.cancel' });
    actor.send({ type: 'file.save' });
    actor.send({ type: 'save.done' });
    actor.send({ type: 'history.open' });
    actor.send({ type: 'history.loaded', versions: [V1] });
    actor.send({ type: 'version.select', version: V1.version });
    actor.send({ type: 'version.loaded', content: 'A' });
    actor.send({ type: 'version.restore' });
    actor.send({ type: 'restore.done', content: 'A' });
    expect(actor.getSnapshot().context).toMatchObject({ saved: 'A', draft: 'A', path: INDEX });
    expect(take()).toEqual([
      { type: 'listFiles', params: { folder: 'ocean' } },
      { type: 'loadFile', params: { folder: 'ocean', path: INDEX } },
      { type: 'saveFile', params: { folder: 'ocean', path: INDEX, content: 'A+' } },
      { type: 'loadHistory', params: { folder: 'ocean', path: INDEX } },
      { type: 'loadVersion', params: { folder: 'ocean', path: INDEX, version: V1.version } },
      { type: 'restoreVersion', params: { folder: 'ocean', path: INDEX, version: V1.version } },
    ]);
  });
});

describe('theme editor chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
