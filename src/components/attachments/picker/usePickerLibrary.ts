import { useSelector } from '@xstate/react';
import { useChart } from '../../../app/useChart';
import { resourceListMachine, type Row } from '../../../../machines/resourceList.machine';
import { categoryTreeMachine, ROOT_ID, treeRows } from '../../../../machines/attachmentCategoryTree.machine';
import { ATTACHMENT_TYPE, type Attachment, type AttachmentCate } from '../../../../models/attachment';
import { ATTACHMENT_PAGE_SIZE } from '../../../../models/constants';
import { get } from '../../../api/http';
import { notify } from '../../Toaster';
import { useUploads } from '../useUploads';
import type { AttachmentPickerHandle } from './useAttachmentPicker';
import { picked, pickedFromUpload } from './pickedAttachment';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * What the open picker browses: the category tree (read-only here), one page of 18 attachments with
 * the type, category and name filters (the list chart), and the uploads started from the dialog.
 * Mounted only while the dialog is open, so every opening starts from the first page.
 */
export function usePickerLibrary(picker: AttachmentPickerHandle) {
  const fixedType = picker.kind ? ATTACHMENT_TYPE[picker.kind] : undefined;
  const list = useChart(
    resourceListMachine.provide({
      actions: {
        fetchPage: (_, query) => {
          get<Attachment[]>('/attachment/index', { page: query.page, limit: query.limit, ...query.filters })
            .then(({ data, count }) => list.send({ type: 'page.loaded', rows: data as unknown as Row[], count: count ?? data.length }))
            .catch((e: unknown) => list.send({ type: 'page.failed', message: messageOf(e) }));
        },
        deleteRows: () => {},
        notify: (_, { kind, message }) => notify(kind, message),
      },
    }),
    { input: { limit: ATTACHMENT_PAGE_SIZE, filters: { type: fixedType } } },
  );
  const tree = useChart(
    categoryTreeMachine.provide({
      actions: {
        fetchCategories: () => {
          get<AttachmentCate[]>('/attachmentCate/index')
            .then(({ data }) => tree.send({ type: 'categories.loaded', categories: data }))
            .catch((e: unknown) => tree.send({ type: 'categories.failed', message: messageOf(e) }));
        },
        openForm: () => {},
        deleteCategory: () => {},
        notify: (_, { kind, message }) => notify(kind, message),
      },
    }),
  );
  const listState = useSelector(list, (s) => s);
  const treeState = useSelector(tree, (s) => s);
  const cateId = treeState.context.selected;
  const uploads = useUploads((a) => {
    picker.uploaded(pickedFromUpload(a));
    list.send({ type: 'list.reload' });
  });
  const { query, draft, rows, count, error } = listState.context;
  const applyFilter = (name: string, value: string | number | undefined) => {
    list.send({ type: 'filters.change', name, value });
    list.send({ type: 'filters.apply' });
  };
  const categories = treeState.context.categories;
  return {
    items: (rows as unknown as Attachment[]).map(picked),
    count,
    page: query.page,
    pages: Math.max(1, Math.ceil(count / query.limit)),
    loading: listState.hasTag('busy'),
    failed: listState.hasTag('failed'),
    empty: listState.hasTag('empty'),
    error,
    typeFixed: fixedType !== undefined,
    type: draft.type,
    name: String(draft.name ?? ''),
    categories: treeRows(categories),
    categoriesFailed: treeState.hasTag('failed'),
    cateId,
    cateTitle: categories.find((c) => c.id === cateId)?.title ?? null,
    uploads,
    reload: () => list.send({ type: 'list.reload' }),
    reloadCategories: () => tree.send({ type: 'list.reload' }),
    selectCategory: (id: number) => {
      tree.send({ type: 'node.select', id });
      applyFilter('cate_id', id === ROOT_ID ? undefined : id);
    },
    changeType: (type: string | number | undefined) => applyFilter('type', type),
    changeName: (name: string) => list.send({ type: 'filters.change', name: 'name', value: name }),
    search: () => list.send({ type: 'filters.apply' }),
    goTo: (page: number) => list.send({ type: 'page.change', page }),
    upload: (files: FileList | File[]) => uploads.add(files, { cateId, compress: false }),
  };
}
export type PickerLibrary = ReturnType<typeof usePickerLibrary>;
