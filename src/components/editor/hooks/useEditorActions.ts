import { useSelector } from '@xstate/react';
import { useChart } from '../../../app/useChart';
import { editorActionsMachine, type EditorActionName } from '../../../../machines/editorActions.machine';
import type { ImageLocalResult, WordSearchResult } from '../../../../models/content';
import { t } from '../../../i18n';
import { notify } from '../../Toaster';
import { deserialize } from '../html/deserialize';
import { serialize } from '../html/serialize';
import type { EditorDocument } from './useEditorDocument';
import { useLatest } from './useLatest';

/** The server calls behind the editor's action buttons (each given only where the page supports it). */
export interface EditorServerActions {
  innerLink?(html: string): Promise<string>;
  wordSearch?(html: string): Promise<WordSearchResult>;
  imgLocal?(html: string): Promise<ImageLocalResult>;
  descExtraction?(html: string): Promise<string>;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the action buttons and result panels to the editor actions chart. */
export function useEditorActions(doc: EditorDocument, actions: EditorServerActions | undefined, onDescription: ((text: string) => void) | undefined) {
  const actionsRef = useLatest(actions);
  const describeRef = useLatest(onDescription);
  const actor = useChart(
    editorActionsMachine.provide({
      actions: {
        callServer: (_, { action, content }) => {
          const fail = (e: unknown) => actor.send({ type: 'action.failed', message: messageOf(e) });
          const call = actionsRef.current?.[action] as ((html: string) => Promise<unknown>) | undefined;
          if (!call) return fail(new Error(t('common.requestFailed')));
          call(content)
            .then((result) => {
              if (action === 'innerLink') actor.send({ type: 'innerLink.done', html: result as string });
              if (action === 'wordSearch') actor.send({ type: 'wordSearch.done', result: result as WordSearchResult });
              if (action === 'imgLocal') actor.send({ type: 'imgLocal.done', result: result as ImageLocalResult });
              if (action === 'descExtraction') actor.send({ type: 'descExtraction.done', text: result as string });
            })
            .catch(fail);
        },
        refuseEmpty: () => notify('error', t('common.contentEmpty')),
        notifyError: (_, { message }) => notify('error', message),
        notifyDone: (_, { action }) => notify('success', t(`editor.actions.${action}Done`)),
        replaceContent: (_, { html }) => doc.replace(html),
        describe: (_, { text }) => describeRef.current?.(text),
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const words = state.context.words;
  return {
    available: (action: EditorActionName) => Boolean(actions?.[action]),
    busy: state.hasTag('busy'),
    /** Whether this action's call is the one running. */
    running: (action: EditorActionName) => state.hasTag(action),
    run: (action: EditorActionName) => actor.send({ type: 'action.run', action, content: doc.html(), empty: doc.isEmpty() }),
    wordsOpen: state.hasTag('wordsPanel'),
    words,
    /** The marked copy, cleaned like any content: it is shown, never put back into the editor. */
    markedHtml: words ? serialize(deserialize(words.return_str)) : '',
    localisedOpen: state.hasTag('localisedPanel'),
    localised: state.context.localised,
    closePanel: () => actor.send({ type: 'panel.close' }),
  };
}
export type EditorActionsView = ReturnType<typeof useEditorActions>;
