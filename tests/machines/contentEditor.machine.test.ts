import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { contentEditorMachine, isDirty, type ContentEditorEvent } from '../../machines/contentEditor.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { validate, input, STALE, EVENTS } from './examples/contentEditor.examples';

type Snapshot = SnapshotFrom<typeof contentEditorMachine>;

const coverage = trackTransitions(contentEditorMachine);
const ACTIONS = ['fetch', 'submit', 'notify', 'saved', 'submitAudit'] as const;
const start = (i = input) => startRecorded(contentEditorMachine, ACTIONS, coverage, i);

function oracle({ before, after, event, effects }: StepCheck<Snapshot, ContentEditorEvent>) {
  // Exactly one of the page's modes.
  expect(['busy', 'editable', 'conflict', 'failed'].filter((t) => after.hasTag(t))).toHaveLength(1);
  expect(after.can({ type: 'save' })).toBe(after.hasTag('editable'));
  switch (event.type) {
    case 'loaded':
      if (!before.hasTag('busy') || before.hasTag('saving')) break;
      expect(after.context).toMatchObject({ values: event.values, initial: event.values, version: event.version, conflict: null });
      expect(isDirty(after.context)).toBe(false);
      break;
    case 'save':
      if (!before.hasTag('editable')) break;
      if (before.context.values.title) {
        expect(after.hasTag('saving')).toBe(true);
        expect(effects).toEqual([{ type: 'submit', params: { id: before.context.id, version: before.context.version, values: before.context.values } }]);
      } else {
        expect(after.hasTag('editable')).toBe(true);
        expect(after.context.errors).toEqual({ title: 'required' });
        expect(effects).toEqual([]);
      }
      break;
    case 'save.publish':
      if (!before.hasTag('editable')) break;
      if (!before.context.values.title) {
        expect(effects).toEqual([]);
        break;
      }
      expect(after.hasTag('saving')).toBe(true);
      // Where only the audit publishes, the item is saved as it stands; elsewhere it is saved published.
      expect(effects).toEqual([
        {
          type: 'submit',
          params: { id: before.context.id, version: before.context.version, values: before.context.audited ? before.context.values : { ...before.context.values, status: 1 } },
        },
      ]);
      break;
    case 'save.done':
      if (!before.hasTag('saving')) break;
      expect(after.context.version).toBe(event.version);
      expect(isDirty(after.context)).toBe(false);
      if (before.context.submitAfterSave) {
        expect(after.hasTag('submitting')).toBe(true);
        expect(effects).toEqual([
          { type: 'notify', params: { kind: 'success', message: event.message } },
          { type: 'submitAudit', params: { id: event.id } },
        ]);
      } else expect(effects.map((e) => e.type)).toEqual(['saved', 'notify']);
      break;
    case 'save.failed':
      if (!before.hasTag('saving')) break;
      // The stored values (and the status badge built on them) stay as the server has them.
      expect(after.context.initial).toEqual(before.context.initial);
      break;
    case 'submit.done':
    case 'submit.failed':
      if (!before.hasTag('submitting')) break;
      expect(effects[0]).toEqual({ type: 'saved', params: { id: before.context.id, created: before.context.created } });
      expect(after.hasTag(event.type === 'submit.done' ? 'busy' : 'editable')).toBe(true);
      break;
    case 'save.conflict':
      if (!before.hasTag('saving')) break;
      expect(after.hasTag('conflict')).toBe(true);
      expect(after.context.conflict).toEqual(STALE);
      // Nothing was overwritten and nothing is lost: the user's values are still there.
      expect(after.context.values).toEqual(before.context.values);
      expect(effects).toEqual([]);
      break;
    case 'conflict.overwrite':
      if (!before.hasTag('conflict')) break;
      expect(effects).toEqual([{ type: 'submit', params: { id: before.context.id, version: STALE.version, values: before.context.values } }]);
      break;
    case 'conflict.reload':
    case 'reload':
      if (after.hasTag('busy') && !before.hasTag('busy')) expect(effects).toEqual([{ type: 'fetch', params: { id: before.context.id, categoryId: 3 } }]);
      break;
  }
}

describe('content editor chart, every path of the model', () => {
  const model = createTestModel(contentEditorMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 20_000, input });
  for (const path of model.getShortestPaths()) {
    it(describePath(path), () => walkPath(path, () => start(), oracle));
  }
});

describe('content editor chart, what an editor sees', () => {
  it('a new item is created, then the page works on it as an existing one', () => {
    const { actor, take } = start({ id: null, categoryId: 3, validate } as never);
    expect(take()).toEqual([{ type: 'fetch', params: { id: null, categoryId: 3 } }]);
    actor.send({ type: 'loaded', id: null, version: 0, values: { title: '' } });
    actor.send({ type: 'field.change', name: 'title', value: 'New' });
    actor.send({ type: 'save' });
    actor.send({ type: 'save.done', id: 42, version: 1, message: 'ok' });
    expect(take()[1]).toEqual({ type: 'saved', params: { id: 42, created: true } });
    expect(actor.getSnapshot().context).toMatchObject({ id: 42, version: 1 });
  });

  it('a stale save is never overwritten silently: the user picks reload or overwrite', () => {
    const { actor, take } = start();
    actor.send({ type: 'loaded', id: 7, version: 4, values: { title: 'Stored' } });
    actor.send({ type: 'field.change', name: 'title', value: 'Mine' });
    actor.send({ type: 'save' });
    actor.send({ type: 'save.conflict', stale: STALE, message: 'meanwhile' });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    take();
    actor.send({ type: 'conflict.overwrite' });
    expect(take()).toEqual([{ type: 'submit', params: { id: 7, version: 5, values: { title: 'Mine' } } }]);
  });

  it('a failed save names the field and keeps the input', () => {
    const { actor } = start();
    actor.send({ type: 'loaded', id: 7, version: 4, values: { title: 'Stored' } });
    actor.send({ type: 'save' });
    actor.send({ type: 'save.failed', message: 'too long', field: 'title' });
    expect(actor.getSnapshot().context).toMatchObject({ errors: { title: 'too long' }, values: { title: 'Stored' } });
  });
});

describe('save and publish, as an editor sees it', () => {
  it('in a column with an audit flow it saves the item as it stands and submits it for review', () => {
    const { actor, take } = start();
    actor.send({ type: 'loaded', id: 7, version: 4, values: { title: 'Stored', status: 2 }, audited: true });
    take();
    actor.send({ type: 'save.publish' });
    expect(take()).toEqual([{ type: 'submit', params: { id: 7, version: 4, values: { title: 'Stored', status: 2 } } }]);
    actor.send({ type: 'save.done', id: 7, version: 5, message: 'Saved' });
    expect(take()).toEqual([
      { type: 'notify', params: { kind: 'success', message: 'Saved' } },
      { type: 'submitAudit', params: { id: 7 } },
    ]);
    expect(actor.getSnapshot().context.initial.status).toBe(2);
    actor.send({ type: 'submit.done' });
    // The stored item (now in review) is read again.
    expect(take()).toEqual([
      { type: 'saved', params: { id: 7, created: false } },
      { type: 'fetch', params: { id: 7, categoryId: 3 } },
    ]);
  });

  it('a new item in an audited column is submitted before the page moves to its edit address', () => {
    const { actor, take } = start({ id: null, categoryId: 3, validate } as never);
    actor.send({ type: 'loaded', id: null, version: 0, values: { title: 'New', status: 2 }, audited: true });
    actor.send({ type: 'save.publish' });
    actor.send({ type: 'save.done', id: 42, version: 1, message: 'Saved' });
    take();
    actor.send({ type: 'submit.failed' });
    expect(take()).toEqual([{ type: 'saved', params: { id: 42, created: true } }]);
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
  });

  it('a refused publish leaves the stored status as it was: nothing flips to published', () => {
    const { actor } = start();
    actor.send({ type: 'loaded', id: 7, version: 4, values: { title: 'Stored', status: 2 } });
    actor.send({ type: 'save.publish' });
    actor.send({ type: 'save.failed', message: 'Only the audit publishes in this column' });
    expect(actor.getSnapshot().context.initial.status).toBe(2);
  });

  it('in a column without a flow it saves the item published', () => {
    const { actor, take } = start();
    actor.send({ type: 'loaded', id: 7, version: 4, values: { title: 'Stored', status: 2 } });
    take();
    actor.send({ type: 'save.publish' });
    expect(take()).toEqual([{ type: 'submit', params: { id: 7, version: 4, values: { title: 'Stored', status: 1 } } }]);
    actor.send({ type: 'save.done', id: 7, version: 5, message: 'Saved' });
    expect(actor.getSnapshot().context.initial.status).toBe(1);
  });
});

describe('content editor chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
