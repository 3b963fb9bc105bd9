import { assign, setup } from 'xstate';
import { urlAllowed } from '../models/html';

// The editor's link and table dialogs. A link needs a URL the shared allowlist accepts (http(s), mailto,
// tel, site-relative, #anchor); an existing link can also be removed. A table needs 1-TABLE_MAX_SIZE rows
// and columns. The app provides applyLink, removeLink and insertTable.

/** Largest table the dialog inserts at once (rows and columns can be added later). */
export const TABLE_MAX_SIZE = 20;
export const TABLE_DEFAULT_SIZE = 3;

export interface LinkDraft {
  url: string;
  text: string;
  newTab: boolean;
  /** The selection is inside an existing link: confirm edits it and remove is offered. */
  editing: boolean;
}

export interface EditorDialogsContext {
  link: LinkDraft;
  table: { rows: number; cols: number };
}

export type EditorDialogsEvent =
  | { type: 'link.open'; link: LinkDraft }
  | { type: 'link.change'; change: Partial<Omit<LinkDraft, 'editing'>> }
  | { type: 'link.confirm' }
  | { type: 'link.remove' }
  | { type: 'table.open' }
  | { type: 'table.change'; rows?: number; cols?: number }
  | { type: 'table.confirm' }
  | { type: 'dialog.close' };

export const linkUrlValid = (url: string) => url.trim() !== '' && urlAllowed(url.trim());
export const tableSizeValid = (n: number) => Number.isInteger(n) && n >= 1 && n <= TABLE_MAX_SIZE;

const EMPTY_LINK: LinkDraft = { url: '', text: '', newTab: false, editing: false };

export const editorDialogsMachine = setup({
  types: { context: {} as EditorDialogsContext, events: {} as EditorDialogsEvent },
  actions: {
    applyLink: (_, _params: { url: string; text: string; newTab: boolean }) => {},
    removeLink: () => {},
    insertTable: (_, _params: { rows: number; cols: number }) => {},
  },
  guards: {
    linkValid: ({ context }) => linkUrlValid(context.link.url),
    editingLink: ({ context }) => context.link.editing,
    tableValid: ({ context }) => tableSizeValid(context.table.rows) && tableSizeValid(context.table.cols),
  },
}).createMachine({
  id: 'editorDialogs',
  context: { link: EMPTY_LINK, table: { rows: TABLE_DEFAULT_SIZE, cols: TABLE_DEFAULT_SIZE } },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'link.open': { target: 'link', actions: assign({ link: ({ event }) => event.link }) },
        'table.open': { target: 'table', actions: assign({ table: { rows: TABLE_DEFAULT_SIZE, cols: TABLE_DEFAULT_SIZE } }) },
      },
    },
    link: {
      tags: ['open', 'linkDialog'],
      on: {
        'link.change': { actions: assign({ link: ({ context, event }) => ({ ...context.link, ...event.change }) }) },
        'link.confirm': {
          guard: 'linkValid',
          target: 'closed',
          actions: { type: 'applyLink', params: ({ context }) => ({ url: context.link.url.trim(), text: context.link.text, newTab: context.link.newTab }) },
        },
        'link.remove': { guard: 'editingLink', target: 'closed', actions: 'removeLink' },
        'dialog.close': 'closed',
      },
    },
    table: {
      tags: ['open', 'tableDialog'],
      on: {
        'table.change': {
          actions: assign({ table: ({ context, event }) => ({ rows: event.rows ?? context.table.rows, cols: event.cols ?? context.table.cols }) }),
        },
        'table.confirm': { guard: 'tableValid', target: 'closed', actions: { type: 'insertTable', params: ({ context }) => context.table } },
        'dialog.close': 'closed',
      },
    },
  },
});
