import { useRef } from 'react';
import { z } from 'zod';
import { get, post } from '../../api/http';
import { validateWith } from '../../i18n/zodErrors';
import { ResumeStatus, type Resume } from '../../../models/position';
import type { Values } from '../../../machines/resourceForm.machine';
import { usePageForm } from '../website/usePageForm';

/** What the detail dialog edits: the status and the notes. */
const StatusForm = z.object({ status: ResumeStatus, notes: z.string().max(2000) });

/**
 * One resume in a dialog, on the form chart: it loads the record, and saving sends its new status and notes
 * (POST /resume/status); the list reloads after a save.
 */
export function useResumeDetail(onSaved: () => void) {
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const form = usePageForm({
    validate: (values) => validateWith(StatusForm, values),
    load: async (id) => (await get<Resume>('/resume/read', { id })).data as unknown as Values,
    save: async (values, _mode, id) => (await post('/resume/status', { ids: [id], status: values.status, notes: values.notes ?? '' })).msg,
    onSaved: () => saved.current(),
  });
  return { form, resume: form.values as unknown as Partial<Resume>, show: form.startEdit };
}
export type ResumeDetail = ReturnType<typeof useResumeDetail>;
