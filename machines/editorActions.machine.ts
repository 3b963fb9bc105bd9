import { assign, setup } from 'xstate';
import type { ImageLocalResult, WordSearchResult } from '../models/content';

// The rich-text editor's server actions (issue 3): inner links, prohibited-word check, image
// localisation, description extraction. Empty content is refused before any call; one call runs at a
// time (the editor is locked meanwhile); the word check and the localisation open a panel with their
// result. The app provides callServer (answers with <action>.done / action.failed), refuseEmpty,
// notifyError, notifyDone, replaceContent and describe.

export const EDITOR_ACTIONS = ['innerLink', 'wordSearch', 'imgLocal', 'descExtraction'] as const;
export type EditorActionName = (typeof EDITOR_ACTIONS)[number];

export interface EditorActionsContext {
  words: WordSearchResult | null;
  localised: Pick<ImageLocalResult, 'localized' | 'failed'> | null;
}

export type EditorActionsEvent =
  | { type: 'action.run'; action: EditorActionName; content: string; empty: boolean }
  | { type: 'innerLink.done'; html: string }
  | { type: 'wordSearch.done'; result: WordSearchResult }
  | { type: 'imgLocal.done'; result: ImageLocalResult }
  | { type: 'descExtraction.done'; text: string }
  | { type: 'action.failed'; message: string }
  | { type: 'panel.close' };

const runs = (action: EditorActionName) => ({ event }: { event: EditorActionsEvent }) => event.type === 'action.run' && event.action === action;
type RunEvent = Extract<EditorActionsEvent, { type: 'action.run' }>;
/** Only ever taken on action.run. */
const call = { type: 'callServer', params: ({ event }: { event: EditorActionsEvent }) => ({ action: (event as RunEvent).action, content: (event as RunEvent).content }) } as const;

export const editorActionsMachine = setup({
  types: { context: {} as EditorActionsContext, events: {} as EditorActionsEvent },
  actions: {
    callServer: (_, _params: { action: EditorActionName; content: string }) => {},
    refuseEmpty: () => {},
    notifyError: (_, _params: { message: string }) => {},
    notifyDone: (_, _params: { action: EditorActionName }) => {},
    replaceContent: (_, _params: { html: string }) => {},
    describe: (_, _params: { text: string }) => {},
  },
  guards: {
    empty: ({ event }) => event.type === 'action.run' && event.empty,
    innerLink: runs('innerLink'),
    wordSearch: runs('wordSearch'),
    imgLocal: runs('imgLocal'),
    descExtraction: runs('descExtraction'),
  },
}).createMachine({
  id: 'editorActions',
  context: { words: null, localised: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'action.run': [
          { guard: 'empty', actions: 'refuseEmpty' },
          { guard: 'innerLink', target: 'running.innerLink', actions: call },
          { guard: 'wordSearch', target: 'running.wordSearch', actions: call },
          { guard: 'imgLocal', target: 'running.imgLocal', actions: call },
          { guard: 'descExtraction', target: 'running.descExtraction', actions: call },
        ],
      },
    },
    running: {
      tags: ['busy'],
      // Always entered through one of its children, by the action that runs.
      initial: 'innerLink',
      on: {
        'action.failed': { target: 'idle', actions: { type: 'notifyError', params: ({ event }) => ({ message: event.message }) } },
      },
      states: {
        innerLink: {
          tags: ['innerLink'],
          on: {
            'innerLink.done': {
              target: '#editorActions.idle',
              actions: [{ type: 'replaceContent', params: ({ event }) => ({ html: event.html }) }, { type: 'notifyDone', params: { action: 'innerLink' } }],
            },
          },
        },
        wordSearch: {
          tags: ['wordSearch'],
          on: {
            'wordSearch.done': { target: '#editorActions.words', actions: assign({ words: ({ event }) => event.result }) },
          },
        },
        imgLocal: {
          tags: ['imgLocal'],
          on: {
            'imgLocal.done': {
              target: '#editorActions.localised',
              actions: [
                assign({ localised: ({ event }) => ({ localized: event.result.localized, failed: event.result.failed }) }),
                { type: 'replaceContent', params: ({ event }) => ({ html: event.result.content }) },
              ],
            },
          },
        },
        descExtraction: {
          tags: ['descExtraction'],
          on: {
            'descExtraction.done': {
              target: '#editorActions.idle',
              actions: [{ type: 'describe', params: ({ event }) => ({ text: event.text }) }, { type: 'notifyDone', params: { action: 'descExtraction' } }],
            },
          },
        },
      },
    },
    // The marked copy lives only here: the editor's content is left as it was.
    words: {
      tags: ['wordsPanel'],
      on: { 'panel.close': { target: 'idle', actions: assign({ words: null }) } },
    },
    localised: {
      tags: ['localisedPanel'],
      on: { 'panel.close': { target: 'idle', actions: assign({ localised: null }) } },
    },
  },
});
