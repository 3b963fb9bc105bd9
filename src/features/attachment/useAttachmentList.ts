import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { resourceListMachine, type Row } from '../../../machines/resourceList.machine';
import { AttachmentUpdate, NetworkAttachment, type Attachment } from '../../../models/attachment';
import { ATTACHMENT_PAGE_SIZE } from '../../../models/constants';
import { get, post } from '../../api/http';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { useOnViewReturn } from '../../app/viewActive';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { validateWith } from '../../i18n/zodErrors';
import { usePermissions } from '../../app/permissions';
import { restoreFromRecycleBin } from '../resource/restoreFromRecycleBin';
import { messageOf, recycleListActions } from '../resource/recycleListActions';
import { useApiForm } from './useApiForm';

// The attachment grid of the selected category (GET attachment/index: limit 18, page, type, cate_id,
// name), with delete (to the recycle bin: at once with an Undo in the toast for a role that may use the bin,
// after a confirm for the others), the network-attachment form and the edit form.

/** The absolute address of an attachment (stored URLs may be site-relative). */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).href;

/** Copies with the clipboard API, or (plain HTTP, permission refused) with a selected text field. */
async function copyText(text: string) {
  try {
    if (navigator.clipboard && window.isSecureContext) return await navigator.clipboard.writeText(text);
  } catch {
    /* fall back below */
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const ok = document.execCommand('copy');
  field.remove();
  if (!ok) throw new Error(t('common.failure'));
}

export function useAttachmentList() {
  const { mayUse } = usePermissions();
  const restore = restoreFromRecycleBin('attachment', mayUse('recycleBin'));
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  const actor = useChart(
    resourceListMachine.provide({
      actions: {
        fetchPage: (_, query) => {
          get<Attachment[]>('/attachment/index', { page: query.page, limit: query.limit, ...query.filters })
            .then(({ data, count }) => actor.send({ type: 'page.loaded', rows: data as unknown as Row[], count: count ?? data.length }))
            .catch((e: unknown) => actor.send({ type: 'page.failed', message: messageOf(e) }));
        },
        ...recycleListActions((event) => actor.send(event), '/attachment/delete', restoreRef),
      },
    }),
    { input: { limit: ATTACHMENT_PAGE_SIZE } },
  );
  const reload = () => actor.send({ type: 'list.reload' });
  // The list chart applies filters once a page has loaded; a choice made while one loads waits for it.
  const apply = () => {
    if (actor.getSnapshot().can({ type: 'filters.apply' })) return actor.send({ type: 'filters.apply' });
    const sub = actor.subscribe((s) => {
      if (!s.can({ type: 'filters.apply' })) return;
      sub.unsubscribe();
      actor.send({ type: 'filters.apply' });
    });
  };
  const setFilter = (name: string, value: string | number | undefined) => actor.send({ type: 'filters.change', name, value });
  const siteId = useStore(currentSiteStore);
  const firstSite = useRef(siteId);
  useEffect(() => {
    if (siteId !== firstSite.current) actor.send({ type: 'list.reload' });
  }, [siteId, actor]);
  useOnViewReturn(reload);

  const network = useApiForm({
    validate: (values) => validateWith(NetworkAttachment, values),
    read: () => Promise.reject(new Error('a network attachment is only created here')),
    submit: async (_, values) => (await post('/attachment/save', [{ ...values, storage: 5 }])).msg,
    onSaved: reload,
  });
  const edit = useApiForm({
    validate: (values, _mode) => validateWith(AttachmentUpdate.omit({ id: true }), values),
    read: async (id) => {
      const { data } = await get<Attachment>('/attachment/read', { id });
      return { name: data.name, description: data.description, attachment_cate_id: data.attachment_cate_id };
    },
    submit: async (_, values, id) => (await post('/attachment/update', { ...values, id })).msg,
    onSaved: reload,
  });

  const state = useSelector(actor, (s) => s);
  const { context } = state;
  return {
    rows: context.rows as unknown as Attachment[],
    count: context.count,
    query: context.query,
    draft: context.draft,
    selected: context.selected,
    pendingDelete: context.pendingDelete,
    error: context.error,
    busy: state.hasTag('busy'),
    empty: state.hasTag('empty'),
    failed: state.hasTag('failed'),
    confirming: state.hasTag('confirming'),
    setFilter: (name: 'type' | 'name', value: string | number | undefined) => setFilter(name, value),
    applyFilters: apply,
    /** Clears the type and name filters (the category stays). */
    resetFilters: () => {
      setFilter('type', undefined);
      setFilter('name', undefined);
      apply();
    },
    /** Shows one category (0: every category) with the filters as typed. */
    showCategory: (cateId: number) => {
      setFilter('cate_id', cateId || undefined);
      apply();
    },
    setPage: (page: number) => actor.send({ type: 'page.change', page }),
    setLimit: (limit: number) => actor.send({ type: 'limit.change', limit }),
    toggleRow: (id: number) => actor.send({ type: 'row.toggle', id }),
    toggleAll: () => actor.send({ type: 'rows.toggleAll' }),
    /** To the recycle bin: at once with an undo when the role may restore from the bin, else after a confirm. */
    requestDelete: (ids: number[]) => actor.send({ type: 'delete.request', ids, undoable: Boolean(restoreRef.current) }),
    confirmDelete: () => actor.send({ type: 'delete.confirm' }),
    cancelDelete: () => actor.send({ type: 'delete.cancel' }),
    copyUrl: (url: string) =>
      copyText(absoluteUrl(url)).then(
        () => notify('success', t('common.copiedOk')),
        (e: unknown) => notify('error', messageOf(e)),
      ),
    reload,
    network,
    edit,
  };
}
export type AttachmentList = ReturnType<typeof useAttachmentList>;
