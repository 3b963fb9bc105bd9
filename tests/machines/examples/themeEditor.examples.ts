import { themeEditorMachine, type ThemeEditorEvent } from '../../../machines/themeEditor.machine';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the themeEditor chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof themeEditorMachine>;

export const INDEX = 'templates/index.liquid';
export const CSS = 'assets/style.css';
export const V1 = { version: '20261123T101010123Z', size: 3, created_at: '2026-11-23T10:10:10.123Z' };

/** Events offered in a state: file answers name the file being loaded (or a stale other one). */
export function eventsFor(state: Snapshot): ThemeEditorEvent[] {
  const folder = state.context.folder ?? 'ocean';
  const current = state.context.path ?? INDEX;
  return [
    { type: 'theme.select', folder: 'default' },
    { type: 'file.select', folder, path: INDEX },
    { type: 'file.select', folder, path: CSS },
    { type: 'file.loaded', folder, path: current, content: 'A', readOnly: false },
    { type: 'file.loaded', folder, path: current, content: 'A', readOnly: true },
    { type: 'file.loaded', folder, path: 'templates/stale.liquid', content: 'S', readOnly: false },
    { type: 'file.failed', folder, path: current, message: 'gone' },
    { type: 'content.change', content: 'B' },
    { type: 'content.change', content: 'A' },
    { type: 'file.save' },
    { type: 'save.done' },
    { type: 'save.failed', message: 'disk full' },
    { type: 'switch.confirm' },
    { type: 'switch.cancel' },
    { type: 'history.open' },
    { type: 'history.loaded', versions: [V1] },
    { type: 'history.failed', message: 'offline' },
    { type: 'history.close' },
    { type: 'version.select', version: V1.version },
    { type: 'version.loaded', content: 'OLD' },
    { type: 'version.failed', message: 'missing' },
    { type: 'version.restore' },
    { type: 'restore.done', content: 'OLD' },
    { type: 'restore.failed', message: 'denied' },
  ];
}

export const themeEditorExamples = defineExamples({
  machine: themeEditorMachine,
  events: eventsFor,
});
