import { useEffect, useReducer, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { loaderMachine } from '../../../machines/loader.machine';
import type { AuditFlow } from '../../../models/audit';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { editFlow, emptyDraft, flowToSave, stepWithoutReviewers, type FlowEdit } from './flowDraft';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The flow dialog's data: GET auditFlow/read when it opens, the draft being edited, POST auditFlow/save. */
export function useFlowEditor(categoryId: number, open: boolean, onSaved: () => void) {
  const [draft, edit] = useReducer(editFlow, emptyDraft);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The loader starts at once; a closed dialog answers with nothing and loads when it opens.
  const openRef = useRef(open);
  openRef.current = open;
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          if (!openRef.current) return void actor.send({ type: 'loaded', data: null });
          get<AuditFlow>('/auditFlow/read', { category_id: categoryId })
            .then(({ data }) => {
              edit({ type: 'load', flow: data });
              actor.send({ type: 'loaded', data });
            })
            .catch((e: unknown) => actor.send({ type: 'failed', message: messageOf(e) }));
        },
      },
    }),
  );
  useEffect(() => {
    if (open && !actor.getSnapshot().hasTag('busy')) actor.send({ type: 'reload' });
    if (open) setProblem(null);
  }, [open, categoryId, actor]);
  const state = useSelector(actor, (s) => s);
  return {
    draft,
    loading: state.hasTag('busy') || (open && state.context.data === null && !state.hasTag('failed')),
    failed: state.hasTag('failed'),
    error: state.context.error,
    problem,
    saving,
    reload: () => actor.send({ type: 'reload' }),
    edit: (e: FlowEdit) => {
      setProblem(null);
      edit(e);
    },
    save: async () => {
      const missing = stepWithoutReviewers(draft);
      if (missing !== -1) return setProblem(t('audit.flow.needReviewer', { step: missing + 1 }));
      setSaving(true);
      try {
        const { msg } = await post('/auditFlow/save', flowToSave(categoryId, draft));
        notify('success', msg);
        onSaved();
      } catch (e) {
        setProblem(messageOf(e));
      } finally {
        setSaving(false);
      }
    },
  };
}
export type FlowEditor = ReturnType<typeof useFlowEditor>;
