import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { editorDialogsMachine, linkUrlValid, tableSizeValid, TABLE_DEFAULT_SIZE, type EditorDialogsEvent } from '../../machines/editorDialogs.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { EVENTS } from './examples/editorDialogs.examples';

type Snapshot = SnapshotFrom<typeof editorDialogsMachine>;
type Type = EditorDialogsEvent['type'];

const coverage = trackTransitions(editorDialogsMachine);
const start = () => startRecorded(editorDialogsMachine, ['applyLink', 'removeLink', 'insertTable'], coverage);

const ACCEPTS: Record<string, Type[]> = {
  '"closed"': ['link.open', 'table.open'],
  '"link"': ['link.change', 'link.confirm', 'link.remove', 'dialog.close'],
  '"table"': ['table.change', 'table.confirm', 'dialog.close'],
};

function expectViews(s: Snapshot) {
  const accepts = ACCEPTS[JSON.stringify(s.value)];
  expect(accepts).toBeDefined();
  expect(s.hasTag('open')).toBe(!s.matches('closed'));
  expect(s.hasTag('linkDialog')).toBe(s.matches('link'));
  expect(s.hasTag('tableDialog')).toBe(s.matches('table'));
  const { link, table } = s.context;
  // Confirm is offered only for what can be inserted; remove only for an existing link.
  const guarded: Partial<Record<Type, boolean>> = {
    'link.confirm': linkUrlValid(link.url),
    'link.remove': link.editing,
    'table.confirm': tableSizeValid(table.rows) && tableSizeValid(table.cols),
  };
  for (const event of EVENTS) expect(s.can(event), `can ${event.type}`).toBe(accepts.includes(event.type) && (guarded[event.type] ?? true));
}

function dialogsOracle({ before, after, event, effects }: StepCheck<Snapshot, EditorDialogsEvent>) {
  expectViews(after);
  if (event.type === ('xstate.init' as string) || !before.can(event)) return expect(effects).toEqual([]);
  const b = before.context;
  switch (event.type) {
    case 'link.open':
      expect(after.context.link).toEqual(event.link);
      return expect(effects).toEqual([]);
    case 'link.change':
      expect(after.context.link).toEqual({ ...b.link, ...event.change });
      return expect(effects).toEqual([]);
    case 'link.confirm':
      expect(after.matches('closed')).toBe(true);
      return expect(effects).toEqual([{ type: 'applyLink', params: { url: b.link.url.trim(), text: b.link.text, newTab: b.link.newTab } }]);
    case 'link.remove':
      expect(after.matches('closed')).toBe(true);
      return expect(effects).toEqual([{ type: 'removeLink', params: null }]);
    case 'table.open':
      expect(after.context.table).toEqual({ rows: TABLE_DEFAULT_SIZE, cols: TABLE_DEFAULT_SIZE });
      return expect(effects).toEqual([]);
    case 'table.change':
      expect(after.context.table).toEqual({ rows: event.rows ?? b.table.rows, cols: event.cols ?? b.table.cols });
      return expect(effects).toEqual([]);
    case 'table.confirm':
      return expect(effects).toEqual([{ type: 'insertTable', params: b.table }]);
    case 'dialog.close':
      expect(after.matches('closed')).toBe(true);
      return expect(effects).toEqual([]);
  }
}

describe('editor dialogs chart, every path of the model', () => {
  const model = createTestModel(editorDialogsMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 20_000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, dialogsOracle));
  }
});

describe('editor dialogs chart, what a writer sees', () => {
  it('a javascript: link cannot be confirmed', () => {
    const { actor, take } = start();
    actor.send({ type: 'link.open', link: { url: 'javascript:alert(1)', text: 'x', newTab: false, editing: false } });
    actor.send({ type: 'link.confirm' });
    expect(take()).toEqual([]);
    expect(actor.getSnapshot().hasTag('linkDialog')).toBe(true);
  });
});

describe('editor dialogs chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
