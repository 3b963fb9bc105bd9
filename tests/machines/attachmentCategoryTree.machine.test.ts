import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { ROOT_ID, categoryTreeMachine, treeRows, type CategoryTreeEvent } from '../../machines/attachmentCategoryTree.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { cate, PHOTOS, EVENTS_2024, loaded, EVENTS } from './examples/attachmentCategoryTree.examples';

type Snapshot = SnapshotFrom<typeof categoryTreeMachine>;

const coverage = trackTransitions(categoryTreeMachine);
const start = () => startRecorded(categoryTreeMachine, ['fetchCategories', 'openForm', 'deleteCategory', 'notify'], coverage);

const VIEWS: Record<string, string[]> = {
  '"loading"': ['busy'],
  '"ready"': ['ready'],
  '"confirmingDelete"': ['confirming'],
  '"deleting"': ['busy', 'confirming'],
  '"failed"': ['failed'],
};

function expectViews(s: Snapshot) {
  const tags = VIEWS[JSON.stringify(s.value)];
  expect(tags, `no expectations for ${JSON.stringify(s.value)}`).toBeDefined();
  for (const tag of ['busy', 'ready', 'confirming', 'failed']) expect(s.hasTag(tag), tag).toBe(tags!.includes(tag));
  const c = s.context;
  const selected = c.categories.find((x) => x.id === c.selected);
  expect(c.selected === ROOT_ID || selected !== undefined, 'the selection is a node of the tree').toBe(true);
  if (s.matches('ready')) {
    // Add only on the root and top-level categories; edit and delete never on the root.
    expect(s.can({ type: 'category.add' })).toBe(c.selected === ROOT_ID || selected?.parent_id === ROOT_ID);
    expect(s.can({ type: 'category.edit' })).toBe(c.selected !== ROOT_ID);
    expect(s.can({ type: 'category.delete' })).toBe(c.selected !== ROOT_ID);
  } else {
    for (const type of ['category.add', 'category.edit', 'category.delete'] as const) expect(s.can({ type })).toBe(false);
  }
  expect(c.pendingDelete !== null).toBe(s.hasTag('confirming'));
}

function treeOracle({ before, after, event, effects }: StepCheck<Snapshot, CategoryTreeEvent>) {
  expectViews(after);
  const b = before.context;
  const a = after.context;
  if (event.type === ('xstate.init' as string)) return expect(effects).toEqual([{ type: 'fetchCategories', params: null }]);
  if (!before.can(event)) {
    expect(a).toEqual(b);
    return expect(effects).toEqual([]);
  }
  switch (event.type) {
    case 'categories.loaded':
      expect(a.categories).toEqual(event.categories);
      expect(a.selected).toBe(event.categories.some((c) => c.id === b.selected) ? b.selected : ROOT_ID);
      return expect(effects).toEqual([]);
    case 'categories.failed':
      expect(a.error).toBe(event.message);
      return expect(effects).toEqual([]);
    case 'list.reload':
      return expect(effects).toEqual([{ type: 'fetchCategories', params: null }]);
    case 'node.select':
      expect(a.selected).toBe(event.id);
      return expect(effects).toEqual([]);
    case 'category.add':
      return expect(effects).toEqual([{ type: 'openForm', params: { mode: 'create', parentId: b.selected } }]);
    case 'category.edit':
      return expect(effects).toEqual([{ type: 'openForm', params: { mode: 'edit', category: b.categories.find((c) => c.id === b.selected) } }]);
    case 'category.delete':
      expect(a.pendingDelete).toBe(b.selected);
      return expect(effects).toEqual([]);
    case 'delete.confirm':
      return expect(effects).toEqual([{ type: 'deleteCategory', params: { id: b.pendingDelete } }]);
    case 'delete.cancel':
      return expect(effects).toEqual([]);
    case 'delete.done':
      // The deleted node's parent is selected, and the tree reloads.
      expect(a.selected).toBe(b.categories.find((c) => c.id === b.pendingDelete)?.parent_id ?? ROOT_ID);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: event.message } }, { type: 'fetchCategories', params: null }]);
    case 'delete.failed':
      expect(a.selected).toBe(b.selected);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: event.message } }]);
  }
}

describe('attachment category tree chart, every path of the model', () => {
  const model = createTestModel(categoryTreeMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 20_000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, treeOracle));
  }
});

describe('attachment category tree, what an editor can do', () => {
  const ready = () => {
    const tree = start();
    tree.actor.send(loaded([PHOTOS, EVENTS_2024]));
    tree.take();
    return tree;
  };

  it('adds a child under a top-level category but not under a child', () => {
    const { actor, take } = ready();
    actor.send({ type: 'node.select', id: 1 });
    actor.send({ type: 'category.add' });
    expect(take()).toEqual([{ type: 'openForm', params: { mode: 'create', parentId: 1 } }]);
    actor.send({ type: 'node.select', id: 2 });
    expect(actor.getSnapshot().can({ type: 'category.add' })).toBe(false);
  });

  it('cannot edit or delete the root', () => {
    const { actor } = ready();
    expect(actor.getSnapshot().can({ type: 'category.edit' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'category.delete' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'category.add' })).toBe(true);
  });

  it('shows children right under their parent', () => {
    const other = cate(3, 0, 'Documents');
    expect(treeRows([EVENTS_2024, other, PHOTOS]).map((r) => [r.category.title, r.depth])).toEqual([
      ['Documents', 1],
      ['Photos', 1],
      ['Events 2024', 2],
    ]);
  });
});

describe('attachment category tree chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
