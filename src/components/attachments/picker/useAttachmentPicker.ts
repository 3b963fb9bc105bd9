import { useSelector } from '@xstate/react';
import { useChart } from '../../../app/useChart';
import { pickerMachine, type PickedAttachment } from '../../../../machines/attachmentPicker.machine';
import type { AttachmentKind } from '../../../../models/attachment';
import { t } from '../../../i18n';
import { notify } from '../../Toaster';
import { useLatest } from '../../editor/hooks/useLatest';

export type { PickedAttachment };

export interface PickerOptions {
  /** How many may be chosen (1 for a single field; the designer limit is 10). */
  max: number;
  /** Only this kind may be chosen and the type filter is fixed to it. */
  kind?: AttachmentKind;
}

/** Message for a refused choice: the image picker says it in the spec's words. */
export function limitMessage(max: number, kind: AttachmentKind | null) {
  return max === 1 && kind === 'image' ? t('picker.limitImage') : t('picker.limit', { max });
}

/**
 * Connects one attachment picker dialog to its chart. `show` opens it; confirm hands the chosen
 * attachments ({id, name, url, type}) to `onPick`.
 */
export function useAttachmentPicker(onPick: (items: PickedAttachment[]) => void) {
  const latest = useLatest(onPick);
  const actor = useChart(
    pickerMachine.provide({
      actions: {
        warnLimit: (_, { max, kind }) => notify('error', limitMessage(max, kind)),
        warnKind: (_, { kind }) => notify('error', t('picker.wrongKind', { kind: t(`picker.kinds.${kind}`) })),
        deliver: (_, { items }) => latest.current(items),
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const { selected, max, kind } = state.context;
  return {
    open: state.hasTag('open'),
    network: state.hasTag('network'),
    selected,
    max,
    kind,
    canConfirm: state.can({ type: 'picker.confirm' }),
    isSelected: (id: number) => selected.some((s) => s.id === id),
    show: (options: PickerOptions) => actor.send({ type: 'picker.open', max: options.max, kind: options.kind ?? null }),
    toggle: (item: PickedAttachment) => actor.send({ type: 'item.toggle', item }),
    uploaded: (item: PickedAttachment) => actor.send({ type: 'item.uploaded', item }),
    openNetwork: () => actor.send({ type: 'network.open' }),
    cancelNetwork: () => actor.send({ type: 'network.cancel' }),
    networkAdded: (item: PickedAttachment) => actor.send({ type: 'network.added', item }),
    confirm: () => actor.send({ type: 'picker.confirm' }),
    close: () => actor.send({ type: 'picker.close' }),
  };
}
export type AttachmentPickerHandle = ReturnType<typeof useAttachmentPicker>;
