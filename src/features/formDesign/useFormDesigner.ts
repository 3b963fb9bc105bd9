import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { formDesignerMachine, type LayoutItem, type PanelTab, type RulePatch } from '../../../machines/formDesigner.machine';
import type { FormWithDesign } from '../../../models/form';
import { defaultFormOptions, type FormComponentType, type FormDesign, type FormOptions } from '../../../models/formRules';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { hasKey, t } from '../../i18n';
import { useUnsavedChanges } from '../../app/useUnsavedChanges';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Offers the design as a JSON file download. */
function download(name: string, design: FormDesign) {
  const blob = new Blob([JSON.stringify(design, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${(name || 'form').replace(/[\\/:*?"<>|]+/g, '_')}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Connects the designer screen to its chart: the design, the selection, the panel, history, JSON and saving. */
export function useFormDesigner(id: number) {
  const actor = useChart(
    formDesignerMachine.provide({
      actions: {
        loadDesign: (_, p) => {
          get<FormWithDesign>('/form/design', { id: p.id })
            .then(({ data }) => actor.send({ type: 'design.loaded', name: data.name, design: data.design }))
            .catch((e: unknown) => actor.send({ type: 'design.failed', message: messageOf(e) }));
        },
        saveDesign: (_, p) => {
          post('/form/saveDesign', p)
            .then(() => actor.send({ type: 'save.done' }))
            .catch((e: unknown) => actor.send({ type: 'save.failed', message: messageOf(e) }));
        },
        exportDesign: (_, p) => download(p.name, p.design),
        notify: (_, { kind, message }) => notify(kind, hasKey(message) ? t(message) : message),
      },
    }),
    { input: { id, options: defaultFormOptions() } },
  );
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const send = actor.send;
  // Leaving with unsaved changes asks first.
  useUnsavedChanges(c.dirty);
  return {
    name: c.name,
    rules: c.rules,
    options: c.options,
    active: c.rules.find((r) => r.field === c.active) ?? null,
    tab: c.tab,
    dirty: c.dirty,
    error: c.error,
    jsonError: c.jsonError,
    structText: c.structText,
    loading: state.matches('loading'),
    failed: state.hasTag('failed'),
    saving: state.hasTag('busy') && !state.matches('loading'),
    saved: state.hasTag('saved') && !c.dirty,
    previewing: state.hasTag('previewing'),
    structEditing: state.hasTag('structEditing'),
    canUndo: state.can({ type: 'history.undo' }),
    canRedo: state.can({ type: 'history.redo' }),
    canCopy: state.can({ type: 'component.copy' }),
    canMoveUp: c.active !== null && state.can({ type: 'component.reorder', field: c.active, direction: 'up' }),
    canMoveDown: c.active !== null && state.can({ type: 'component.reorder', field: c.active, direction: 'down' }),
    canDelete: state.can({ type: 'component.delete' }),
    canSave: state.can({ type: 'design.save' }),
    canEdit: state.can({ type: 'option.set', patch: {} }),
    canApplyStruct: state.can({ type: 'struct.apply' }),
    /** Whether the active component may take this patch (a unique, valid field name; a title). */
    accepts: (patch: RulePatch) => state.can({ type: 'component.set', patch }),
    retry: () => send({ type: 'design.retry' }),
    add: (kind: FormComponentType, at: { x: number; y: number }) => send({ type: 'component.add', kind, title: t(`formDesign.components.${kind}`), at }),
    select: (field: string | null) => send({ type: 'component.select', field }),
    changeLayout: (layout: LayoutItem[]) => send({ type: 'layout.change', layout }),
    reorder: (field: string, direction: 'up' | 'down') => send({ type: 'component.reorder', field, direction }),
    copy: () => send({ type: 'component.copy' }),
    remove: () => send({ type: 'component.delete' }),
    set: (patch: RulePatch) => send({ type: 'component.set', patch }),
    setOption: (patch: Partial<FormOptions>) => send({ type: 'option.set', patch }),
    showTab: (tab: PanelTab) => send({ type: 'panel.tab', tab }),
    undo: () => send({ type: 'history.undo' }),
    redo: () => send({ type: 'history.redo' }),
    openPreview: () => send({ type: 'preview.open' }),
    closePreview: () => send({ type: 'preview.close' }),
    openStruct: () => send({ type: 'struct.open' }),
    editStruct: (text: string) => send({ type: 'struct.edit', text }),
    applyStruct: () => send({ type: 'struct.apply' }),
    closeStruct: () => send({ type: 'struct.close' }),
    importJson: (text: string) => send({ type: 'design.import', text }),
    exportJson: () => send({ type: 'design.export' }),
    save: () => send({ type: 'design.save' }),
  };
}
export type FormDesigner = ReturnType<typeof useFormDesigner>;
