import { assign, setup } from 'xstate';

// The editor's source view: the rich editor, or its HTML in a textarea. Each edit of the HTML is
// reported (the form keeps a cleaned copy, so saving in source view loses nothing); going back applies
// the HTML to the rich editor, which drops what it cannot represent. The app provides draftChanged and
// applySource.

export interface EditorSourceContext {
  draft: string;
}

export type EditorSourceEvent = { type: 'source.open'; html: string } | { type: 'source.edit'; html: string } | { type: 'source.close' };

export const editorSourceMachine = setup({
  types: { context: {} as EditorSourceContext, events: {} as EditorSourceEvent },
  actions: {
    draftChanged: (_, _params: { html: string }) => {},
    applySource: (_, _params: { html: string }) => {},
  },
}).createMachine({
  id: 'editorSource',
  context: { draft: '' },
  initial: 'rich',
  states: {
    rich: {
      tags: ['rich'],
      on: { 'source.open': { target: 'source', actions: assign({ draft: ({ event }) => event.html }) } },
    },
    source: {
      tags: ['source'],
      on: {
        'source.edit': { actions: [assign({ draft: ({ event }) => event.html }), { type: 'draftChanged', params: ({ event }) => ({ html: event.html }) }] },
        'source.close': { target: 'rich', actions: [{ type: 'applySource', params: ({ context }) => ({ html: context.draft }) }, assign({ draft: '' })] },
      },
    },
  },
});
