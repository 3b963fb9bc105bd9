import type { FormContext, Values } from '../../../machines/resourceForm.machine';
import { usePageForm } from '../website/usePageForm';

// The attachment screen's dialog forms (category, network attachment, attachment) on the shared form hook.

export interface ApiFormSpec {
  validate: FormContext['validate'];
  /** The record to edit (from the server or from what the screen already holds). */
  read: (id: number) => Promise<Values>;
  /** Saves; resolves with the server's message. */
  submit: (mode: 'create' | 'edit', values: Values, id: number | null) => Promise<string>;
  onSaved: () => void;
}

export function useApiForm(spec: ApiFormSpec) {
  const form = usePageForm({
    validate: (values, mode) => spec.validate(values, mode),
    load: (id) => spec.read(id),
    save: (values, mode, id) => spec.submit(mode, values, id),
    onSaved: () => spec.onSaved(),
  });
  return { ...form, loadingRecord: form.loading, openCreate: form.startCreate, openEdit: form.startEdit };
}
export type ApiForm = ReturnType<typeof useApiForm>;
