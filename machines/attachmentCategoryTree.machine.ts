import { assign, setup } from 'xstate';
import type { AttachmentCate } from '../models/attachment';

// The attachment-category tree (spec §4 "Category picker", §6): a root "top level" node (id 0) over
// at most two levels of categories. Selecting a node offers add only on the root and on top-level
// categories (a child cannot have children), edit and delete never on the root. The app provides
// fetchCategories (→ categories.loaded / categories.failed), openForm (the add/edit dialog),
// deleteCategory (→ delete.done / delete.failed) and notify.

export const ROOT_ID = 0;

export interface CategoryTreeContext {
  categories: AttachmentCate[];
  /** The selected node; ROOT_ID is the root. */
  selected: number;
  pendingDelete: number | null;
  error: string | null;
}

export type CategoryTreeEvent =
  | { type: 'categories.loaded'; categories: AttachmentCate[] }
  | { type: 'categories.failed'; message: string }
  | { type: 'list.reload' }
  | { type: 'node.select'; id: number }
  | { type: 'category.add' }
  | { type: 'category.edit' }
  | { type: 'category.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'delete.done'; message: string }
  | { type: 'delete.failed'; message: string };

export type CategoryForm = { mode: 'create'; parentId: number } | { mode: 'edit'; category: AttachmentCate };

export const findCategory = (categories: readonly AttachmentCate[], id: number) => categories.find((c) => c.id === id);

/** A node can hold children: the root, or a category directly under it. */
export const canHoldChildren = (categories: readonly AttachmentCate[], id: number) =>
  id === ROOT_ID || findCategory(categories, id)?.parent_id === ROOT_ID;

/** The tree as rows in display order: each top-level category followed by its children. */
export function treeRows(categories: readonly AttachmentCate[]): Array<{ category: AttachmentCate; depth: 1 | 2 }> {
  const tops = categories.filter((c) => c.parent_id === ROOT_ID || !findCategory(categories, c.parent_id));
  return tops.flatMap((top) => [
    { category: top, depth: 1 as const },
    ...categories.filter((c) => c.parent_id === top.id && c.id !== top.id).map((category) => ({ category, depth: 2 as const })),
  ]);
}

const exists = (c: CategoryTreeContext, id: number) => id === ROOT_ID || findCategory(c.categories, id) !== undefined;

export const categoryTreeMachine = setup({
  types: { context: {} as CategoryTreeContext, events: {} as CategoryTreeEvent },
  actions: {
    fetchCategories: () => {},
    openForm: (_, _params: CategoryForm) => {},
    deleteCategory: (_, _params: { id: number }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
  },
  guards: {
    known: ({ context, event }) => event.type === 'node.select' && exists(context, event.id),
    canAdd: ({ context }) => canHoldChildren(context.categories, context.selected),
    notRoot: ({ context }) => context.selected !== ROOT_ID,
  },
}).createMachine({
  id: 'categoryTree',
  context: { categories: [], selected: ROOT_ID, pendingDelete: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'fetchCategories',
      on: {
        'categories.loaded': {
          target: 'ready',
          actions: assign({
            categories: ({ event }) => event.categories,
            // A selection that no longer exists falls back to the root.
            selected: ({ context, event }) => (findCategory(event.categories, context.selected) ? context.selected : ROOT_ID),
            error: null,
          }),
        },
        'categories.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    ready: {
      tags: ['ready'],
      on: {
        'list.reload': 'loading',
        'node.select': { guard: 'known', actions: assign({ selected: ({ event }) => event.id }) },
        'category.add': { guard: 'canAdd', actions: { type: 'openForm', params: ({ context }) => ({ mode: 'create' as const, parentId: context.selected }) } },
        'category.edit': {
          guard: 'notRoot',
          actions: { type: 'openForm', params: ({ context }) => ({ mode: 'edit' as const, category: findCategory(context.categories, context.selected)! }) },
        },
        'category.delete': { guard: 'notRoot', target: 'confirmingDelete', actions: assign({ pendingDelete: ({ context }) => context.selected }) },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: {
        'delete.confirm': { target: 'deleting', actions: { type: 'deleteCategory', params: ({ context }) => ({ id: context.pendingDelete! }) } },
        'delete.cancel': { target: 'ready', actions: assign({ pendingDelete: null }) },
      },
    },
    deleting: {
      tags: ['busy', 'confirming'],
      on: {
        'delete.done': {
          target: 'loading',
          actions: [
            assign({
              selected: ({ context }) => findCategory(context.categories, context.pendingDelete!)?.parent_id ?? ROOT_ID,
              pendingDelete: null,
            }),
            { type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) },
          ],
        },
        'delete.failed': {
          target: 'ready',
          actions: [assign({ pendingDelete: null }), { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) }],
        },
      },
    },
    failed: { tags: ['failed'], on: { 'list.reload': 'loading' } },
  },
});
