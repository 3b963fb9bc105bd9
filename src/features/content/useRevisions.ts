import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import type { ContentRevision } from '../../../models/content';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';

/** A content item's revisions, reloaded whenever its version changes (each save adds one). */
export function useRevisions(contentId: number | null, version: number) {
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          if (!contentId) return void actor.send({ type: 'loaded', data: [] });
          get<ContentRevision[]>('/content/revisions', { id: contentId })
            .then(({ data }) => actor.send({ type: 'loaded', data }))
            .catch((e: unknown) => actor.send({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
        },
      },
    }),
  );
  useEffect(() => {
    if (!actor.getSnapshot().hasTag('busy')) actor.send({ type: 'reload' });
  }, [contentId, version, actor]);
  const state = useSelector(actor, (s) => s);
  return {
    revisions: (state.context.data as ContentRevision[] | null) ?? [],
    busy: state.hasTag('busy'),
    restore: async (revisionId: number, onRestored: () => void) => {
      try {
        const { msg } = await post('/content/restoreRevision', { id: contentId, revision_id: revisionId, version });
        notify('success', msg);
        onRestored();
      } catch (e) {
        notify('error', e instanceof Error ? e.message : String(e));
      }
    },
  };
}
