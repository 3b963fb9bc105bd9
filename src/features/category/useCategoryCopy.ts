import { useState } from 'react';
import { CATEGORY_COPY_TIMEOUT_MS } from '../../../models/constants';
import { post } from '../../api/http';
import { useJob } from '../../app/jobs/useJob';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { columnsDidChange } from './columnsStore';
import { useSiteColumns, columnOptions } from './useSiteColumns';

/** POST /category/copy */
interface CopyParams {
  id: number;
  target_site_id: number;
  target_parent_id: number;
  with_content: boolean;
}
interface CopyResult {
  categories?: number;
  contents?: number;
}
/** The dialog's own choice: what is copied, and where to. */
interface CopyTarget {
  source: { id: number; title: string } | null;
  targetSiteId: number | null;
  targetParentId: number;
  withContent: boolean;
}
const CLOSED: CopyTarget = { source: null, targetSiteId: null, targetParentId: 0, withContent: true };

/** Connects the copy dialog to a column copy job (the shared job chart): choose the target, start, follow, cancel. */
export function useCategoryCopy() {
  const [target, setTarget] = useState<CopyTarget>(CLOSED);
  const job = useJob<CopyParams, CopyResult>({
    start: (body) => post<{ job_id: number }>('/category/copy', body, { timeout: CATEGORY_COPY_TIMEOUT_MS }).then(({ data }) => data.job_id),
    onFinished: (status) => {
      if (status !== 'done') return;
      notify('success', t('common.copiedOk'));
      columnsDidChange();
    },
  });
  const currentSite = useStore(currentSiteStore);
  const open = target.source !== null;
  const targets = useSiteColumns(open ? target.targetSiteId : null);
  const editable = open && job.idle;
  const change = (next: (t: CopyTarget) => CopyTarget) => {
    if (!editable) return;
    setTarget(next);
    if (job.error) job.reset(); // a new target clears the last refusal
  };
  const result = job.result ?? {};
  const canClose = open && !job.busy;
  return {
    open,
    editable,
    busy: job.busy,
    starting: job.starting,
    progressing: job.running,
    cancelling: job.cancelling,
    finished: job.finished,
    succeeded: job.succeeded,
    failed: job.failed,
    cancelled: job.cancelled,
    canCancel: job.cancellable,
    canClose,
    source: target.source,
    targetSiteId: target.targetSiteId,
    targetParentId: target.targetParentId,
    withContent: target.withContent,
    progress: job.progress,
    error: job.error,
    copiedColumns: result.categories ?? 0,
    copiedContents: result.contents ?? 0,
    parentOptions: columnOptions(targets.rows),
    loadingParents: targets.loading,
    openFor: (source: { id: number; title: string }) => {
      if (open) return;
      job.reset();
      setTarget({ ...CLOSED, source, targetSiteId: currentSite });
    },
    // A parent belongs to its site: a new site starts at its top level.
    setSite: (siteId: number) => change((c) => ({ ...c, targetSiteId: siteId, targetParentId: siteId === c.targetSiteId ? c.targetParentId : 0 })),
    setParent: (parentId: number) => change((c) => ({ ...c, targetParentId: parentId })),
    setWithContent: (withContent: boolean) => change((c) => ({ ...c, withContent })),
    submit: () => {
      const { source, targetSiteId, targetParentId, withContent } = target;
      if (!editable || !source || targetSiteId === null) return;
      job.start({ id: source.id, target_site_id: targetSiteId, target_parent_id: targetParentId, with_content: withContent });
    },
    cancel: job.cancel,
    close: () => {
      if (!canClose) return;
      job.reset();
      setTarget(CLOSED);
    },
  };
}
export type CategoryCopy = ReturnType<typeof useCategoryCopy>;
