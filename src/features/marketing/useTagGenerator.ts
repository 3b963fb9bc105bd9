import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { tagGeneratorMachine, type PickRow } from '../../../machines/tagGenerator.machine';
import type { ContentPick, SuggestResult } from '../../../models/tagGenerator';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const PICK_PAGE_SIZE = 10;

/** Connects the tag generator screen to its chart: content picker, suggestions, attaching. */
export function useTagGenerator() {
  const actor = useChart(
    tagGeneratorMachine.provide({
      actions: {
        fetchContents: (_, { keyword, page, limit }) => {
          get<ContentPick[]>('/contentTag/contents', { keyword, page, limit })
            .then(({ data, count }) => actor.send({ type: 'picker.loaded', rows: data as unknown as PickRow[], count: count ?? data.length }))
            .catch((e: unknown) => actor.send({ type: 'picker.failed', message: messageOf(e) }));
        },
        fetchSuggestions: (_, { contentId }) => {
          // An answer for an item the editor has since left is dropped.
          const current = () => actor.getSnapshot().context.content?.id === contentId;
          get<SuggestResult>('/contentTag/suggest', { content_id: contentId })
            .then(({ data }) => current() && actor.send({ type: 'suggest.loaded', suggested: data }))
            .catch((e: unknown) => current() && actor.send({ type: 'suggest.failed', message: messageOf(e) }));
        },
        attachTags: (_, { contentId, names }) => {
          post('/contentTag/attach', { content_id: contentId, names })
            .then(({ msg }) => actor.send({ type: 'attach.done', message: msg }))
            .catch((e: unknown) => actor.send({ type: 'attach.failed', message: messageOf(e) }));
        },
        notify: (_, { kind, message }) => notify(kind, message),
      },
    }),
    { input: { limit: PICK_PAGE_SIZE } },
  );
  // The content list is the current site's: switching sites starts over.
  const siteId = useStore(currentSiteStore);
  const firstSite = useRef(siteId);
  useEffect(() => {
    if (siteId !== firstSite.current) actor.send({ type: 'picker.search', keyword: '' });
  }, [siteId, actor]);
  const state = useSelector(actor, (s) => s);
  const { context: c } = state;
  return {
    keyword: c.picker.keyword,
    page: c.picker.page,
    limit: c.picker.limit,
    contents: c.picker.rows as unknown as ContentPick[],
    count: c.picker.count,
    pickerError: c.picker.error,
    pickerBusy: state.hasTag('pickerBusy'),
    pickerFailed: state.hasTag('pickerFailed'),
    content: c.content,
    suggested: c.suggested,
    chosen: c.chosen,
    error: c.error,
    noContent: state.hasTag('noContent'),
    suggesting: state.hasTag('suggesting'),
    choosing: state.hasTag('choosing'),
    attaching: state.hasTag('attaching'),
    suggestFailed: state.hasTag('suggestFailed'),
    canAttach: state.can({ type: 'attach.request' }),
    canToggle: (name: string) => state.can({ type: 'chip.toggle', name }),
    canAdd: (name: string) => state.can({ type: 'chip.add', name }),
    search: (keyword: string) => actor.send({ type: 'picker.search', keyword }),
    setPage: (page: number) => actor.send({ type: 'picker.page', page }),
    reloadContents: () => actor.send({ type: 'picker.reload' }),
    pick: (id: number, title: string) => actor.send({ type: 'content.pick', id, title }),
    reloadSuggestions: () => actor.send({ type: 'suggest.reload' }),
    toggle: (name: string) => actor.send({ type: 'chip.toggle', name }),
    add: (name: string) => actor.send({ type: 'chip.add', name }),
    attach: () => actor.send({ type: 'attach.request' }),
  };
}
export type TagGenerator = ReturnType<typeof useTagGenerator>;
