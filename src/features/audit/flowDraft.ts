import { MAX_AUDIT_STEPS, MAX_STEP_REVIEWERS, type AuditFlow, type AuditFlowSave, type AuditMode, type AuditStep } from '../../../models/audit';

// The audit flow being edited, as pure steps over an immutable value: the dialog's reducer.

export interface FlowDraft {
  /** A column without a flow of its own (always false for the site's flow). */
  inherit: boolean;
  steps: AuditStep[];
}

export type FlowEdit =
  | { type: 'load'; flow: AuditFlow }
  | { type: 'inherit'; on: boolean }
  | { type: 'addStep' }
  | { type: 'removeStep'; index: number }
  | { type: 'moveStep'; index: number; by: -1 | 1 }
  | { type: 'setMode'; index: number; mode: AuditMode }
  | { type: 'addReviewer'; index: number; id: number }
  | { type: 'removeReviewer'; index: number; id: number };

export const emptyDraft: FlowDraft = { inherit: false, steps: [] };

const at = (steps: AuditStep[], index: number, change: (s: AuditStep) => AuditStep) => steps.map((s, i) => (i === index ? change(s) : s));

export function editFlow(draft: FlowDraft, edit: FlowEdit): FlowDraft {
  if (edit.type === 'load') return { inherit: edit.flow.inherited, steps: edit.flow.steps };
  // Switching inheritance off starts from the flow in force (the site's), to adjust it for the column.
  if (edit.type === 'inherit') return { ...draft, inherit: edit.on };
  if (draft.inherit) return draft;
  const { steps } = draft;
  switch (edit.type) {
    case 'addStep':
      return steps.length >= MAX_AUDIT_STEPS ? draft : { ...draft, steps: [...steps, { mode: 'either', reviewers: [] }] };
    case 'removeStep':
      return { ...draft, steps: steps.filter((_, i) => i !== edit.index) };
    case 'moveStep': {
      const to = edit.index + edit.by;
      if (edit.index < 0 || edit.index >= steps.length || to < 0 || to >= steps.length) return draft;
      const next = [...steps];
      [next[edit.index], next[to]] = [next[to]!, next[edit.index]!];
      return { ...draft, steps: next };
    }
    case 'setMode':
      return { ...draft, steps: at(steps, edit.index, (s) => ({ ...s, mode: edit.mode })) };
    case 'addReviewer':
      return {
        ...draft,
        steps: at(steps, edit.index, (s) => (s.reviewers.includes(edit.id) || s.reviewers.length >= MAX_STEP_REVIEWERS ? s : { ...s, reviewers: [...s.reviewers, edit.id] })),
      };
    case 'removeReviewer':
      return { ...draft, steps: at(steps, edit.index, (s) => ({ ...s, reviewers: s.reviewers.filter((id) => id !== edit.id) })) };
  }
}

/** 0-based index of the first step without reviewers, or -1 when every step has some. */
export function stepWithoutReviewers(draft: FlowDraft): number {
  return draft.inherit ? -1 : draft.steps.findIndex((s) => s.reviewers.length === 0);
}

/** The body of POST auditFlow/save: a column that inherits saves null (drops its own flow). */
export function flowToSave(categoryId: number, draft: FlowDraft): AuditFlowSave {
  return { category_id: categoryId, steps: categoryId !== 0 && draft.inherit ? null : draft.steps };
}
