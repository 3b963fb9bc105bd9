import { useState } from 'react';
import type { AuditWord, SubmitAuditRefused, SubmitAuditResult } from '../../../models/audit';
import { ApiFailure, post } from '../../api/http';
import { notify } from '../../components/Toaster';

/** What the submit dialog shows: level-2 words that refused the submission, or level-1 words it warns of. */
export interface SubmitOutcome {
  kind: 'refused' | 'warned';
  message: string;
  words: AuditWord[];
}

function refusedWords(e: unknown): AuditWord[] | null {
  if (!(e instanceof ApiFailure) || !e.data || typeof e.data !== 'object') return null;
  const words = (e.data as Partial<SubmitAuditRefused>).words;
  return Array.isArray(words) ? words : null;
}

/**
 * POST content/submitAudit for the content list and the edit page. Refused for prohibited words (level 2),
 * the dialog lists them; submitted with sensitive words (level 1), the dialog lists those as warnings;
 * otherwise a toast says it went to review (or was published directly).
 */
export function useSubmitAudit(onSubmitted: (result: SubmitAuditResult) => void) {
  const [submitting, setSubmitting] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  return {
    submitting,
    outcome,
    close: () => setOutcome(null),
    /** Resolves true when the content went to review (or was published directly), false when refused. */
    submit: async (id: number): Promise<boolean> => {
      setSubmitting(id);
      try {
        const { data, msg } = await post<SubmitAuditResult>('/content/submitAudit', { id });
        if (data.warnings.length) setOutcome({ kind: 'warned', message: msg, words: data.warnings });
        else notify('success', msg);
        onSubmitted(data);
        return true;
      } catch (e) {
        const words = refusedWords(e);
        if (words) setOutcome({ kind: 'refused', message: e instanceof Error ? e.message : String(e), words });
        else notify('error', e instanceof Error ? e.message : String(e));
        return false;
      } finally {
        setSubmitting(null);
      }
    },
  };
}
export type SubmitAudit = ReturnType<typeof useSubmitAudit>;
