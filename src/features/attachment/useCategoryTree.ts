import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { AttachmentCateSave, AttachmentCateUpdate, type AttachmentCate } from '../../../models/attachment';
import { ROOT_ID, canHoldChildren, categoryTreeMachine, findCategory, treeRows } from '../../../machines/attachmentCategoryTree.machine';
import type { Option } from '../../../models/resource';
import { get, post } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { useOnViewReturn } from '../../app/viewActive';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { validateWith } from '../../i18n/zodErrors';
import { useLatest } from '../../components/editor/hooks/useLatest';
import { useApiForm } from './useApiForm';

// The attachment-category tree and its add/edit form (spec §4 "Category picker", §5, §6).

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The category form's checks: the shared schema, with the spec's words for a missing title. */
function validateCategory(values: Record<string, unknown>, mode: 'create' | 'edit') {
  const errors = validateWith(mode === 'create' ? AttachmentCateSave : AttachmentCateUpdate.omit({ id: true }), values);
  if (errors.title && String(values.title ?? '').trim() === '') errors.title = t('attachment.titleRequired');
  return errors;
}

/** Parents a category may have: the root, or a top-level category other than itself (two levels at most). */
export function parentOptions(categories: readonly AttachmentCate[], editing: number | null): Option[] {
  const hasChildren = editing !== null && categories.some((c) => c.parent_id === editing);
  return [
    { value: ROOT_ID, label: t('attachment.tree.root') },
    ...(hasChildren ? [] : categories.filter((c) => c.parent_id === ROOT_ID && c.id !== editing).map((c) => ({ value: c.id, label: c.title }))),
  ];
}

/** `onSelect` hears the selected node (ROOT_ID for the root) whenever it changes. */
export function useCategoryTree(onSelect: (id: number) => void) {
  const form = useApiForm({
    validate: validateCategory,
    read: async (id) => {
      const c = findCategory(actor.getSnapshot().context.categories, id);
      if (!c) throw new Error(t('attachment.tree.failed'));
      return { parent_id: c.parent_id, title: c.title };
    },
    submit: async (mode, values, id) => {
      const body = { parent_id: values.parent_id, title: values.title };
      return (await post(mode === 'create' ? '/attachmentCate/save' : '/attachmentCate/update', mode === 'create' ? body : { ...body, id })).msg;
    },
    onSaved: () => actor.send({ type: 'list.reload' }),
  });
  const actor = useChart(
    categoryTreeMachine.provide({
      actions: {
        fetchCategories: () => {
          get<AttachmentCate[]>('/attachmentCate/index')
            .then(({ data }) => actor.send({ type: 'categories.loaded', categories: data }))
            .catch((e: unknown) => actor.send({ type: 'categories.failed', message: messageOf(e) }));
        },
        openForm: (_, request) => {
          if (request.mode === 'create') form.openCreate({ parent_id: request.parentId, title: '' });
          else form.openEdit(request.category.id);
        },
        deleteCategory: (_, { id }) => {
          post('/attachmentCate/delete', { ids: [id] })
            .then(({ msg }) => actor.send({ type: 'delete.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'delete.failed', message: messageOf(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
      },
    }),
  );
  // The tree follows the site switcher and shows fresh counts when its tab comes back.
  const siteId = useStore(currentSiteStore);
  const firstSite = useRef(siteId);
  useEffect(() => {
    if (siteId !== firstSite.current) actor.send({ type: 'list.reload' });
  }, [siteId, actor]);
  useOnViewReturn(() => actor.send({ type: 'list.reload' }));

  const state = useSelector(actor, (s) => s);
  const { categories, selected, pendingDelete, error } = state.context;
  // Selecting a node narrows the attachment list; a reload that dropped the selection too.
  const latestSelected = useRef(selected);
  const latestOnSelect = useLatest(onSelect);
  useEffect(() => {
    if (latestSelected.current !== selected) latestOnSelect.current(selected);
    latestSelected.current = selected;
  }, [selected, latestOnSelect]);

  const editingId = form.mode === 'edit' && selected !== ROOT_ID ? selected : null;
  return {
    rows: treeRows(categories),
    categories,
    selected,
    selectedTitle: selected === ROOT_ID ? t('attachment.tree.root') : (findCategory(categories, selected)?.title ?? ''),
    pendingDelete: pendingDelete === null ? null : (findCategory(categories, pendingDelete) ?? null),
    error,
    busy: state.hasTag('busy'),
    failed: state.hasTag('failed'),
    confirming: state.hasTag('confirming'),
    canAdd: state.can({ type: 'category.add' }),
    canEdit: state.can({ type: 'category.edit' }),
    canDelete: state.can({ type: 'category.delete' }),
    /** Whether a node may get children (for the view to offer add on that row). */
    holdsChildren: (id: number) => canHoldChildren(categories, id),
    parentOptions: parentOptions(categories, editingId),
    select: (id: number) => actor.send({ type: 'node.select', id }),
    add: () => actor.send({ type: 'category.add' }),
    edit: () => actor.send({ type: 'category.edit' }),
    remove: () => actor.send({ type: 'category.delete' }),
    confirmDelete: () => actor.send({ type: 'delete.confirm' }),
    cancelDelete: () => actor.send({ type: 'delete.cancel' }),
    reload: () => actor.send({ type: 'list.reload' }),
    form,
  };
}
export type CategoryTree = ReturnType<typeof useCategoryTree>;
