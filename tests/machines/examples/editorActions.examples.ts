import { EDITOR_ACTIONS, editorActionsMachine, type EditorActionsEvent } from '../../../machines/editorActions.machine';
import type { ImageLocalResult, WordSearchResult } from '../../../models/content';
import { defineExamples } from './chart';

// The example events of the editorActions chart: its model-based test walks them and `npm run paths` prints them.

export const CONTENT = '<p>Banyan roots</p>';
export const WORDS: WordSearchResult = {
  return_str: '<p>Banyan <mark>roots</mark></p>',
  word_list: [{ title: 'roots', paraphrase: 'a sensitive word', type: 'politics', level: 1 }],
};
export const LOCALISED: ImageLocalResult = { content: '<p><img src="/uploads/a.png"></p>', localized: 1, failed: [{ url: 'http://10.0.0.1/x.png', reason: 'private address' }] };

export const EVENTS: EditorActionsEvent[] = [
  ...EDITOR_ACTIONS.map((action) => ({ type: 'action.run' as const, action, content: CONTENT, empty: false })),
  { type: 'action.run', action: 'wordSearch', content: '<p> </p>', empty: true },
  { type: 'innerLink.done', html: '<p><a href="/x">Banyan</a> roots</p>' },
  { type: 'wordSearch.done', result: WORDS },
  { type: 'imgLocal.done', result: LOCALISED },
  { type: 'descExtraction.done', text: 'Banyan roots.' },
  { type: 'action.failed', message: 'server down' },
  { type: 'panel.close' },
];

export const editorActionsExamples = defineExamples({
  machine: editorActionsMachine,
  events: EVENTS,
});
