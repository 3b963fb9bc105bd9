import { useSelector } from '@xstate/react';
import { useChart } from '../../../app/useChart';
import { editorSourceMachine } from '../../../../machines/editorSource.machine';
import type { EditorDocument } from './useEditorDocument';

/** Connects the source-view toggle and textarea to their chart. */
export function useSourceView(doc: EditorDocument) {
  const actor = useChart(
    editorSourceMachine.provide({
      actions: {
        draftChanged: (_, { html }) => doc.emitSource(html),
        applySource: (_, { html }) => doc.replace(html),
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  return {
    active: state.hasTag('source'),
    draft: state.context.draft,
    toggle: () => actor.send(state.hasTag('source') ? { type: 'source.close' } : { type: 'source.open', html: doc.html() }),
    edit: (html: string) => actor.send({ type: 'source.edit', html }),
  };
}
export type SourceView = ReturnType<typeof useSourceView>;
