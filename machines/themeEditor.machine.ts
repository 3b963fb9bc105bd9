import { assign, setup } from 'xstate';
import type { ThemeFileVersion } from '../models/themeFiles';

// The online theme file editor (/Theme/files, /Theme/tempFiles): choose a theme (→ its file list), select a
// file → loading → editing (clean or dirty) → saving; a failed load is `failed`, a failed save stays dirty with
// the error. History: versions → one version's diff against the editor text → restoring. Switching theme or
// file with unsaved changes asks first (confirmSwitch). The app provides listFiles, loadFile (→ file.loaded /
// file.failed, both naming the file so a late answer for another file is ignored), saveFile (→ save.done /
// save.failed), loadHistory (→ history.loaded / history.failed), loadVersion (→ version.loaded /
// version.failed) and restoreVersion (→ restore.done / restore.failed).

export interface FileRef {
  folder: string;
  path: string;
}

export interface ThemeEditorContext {
  folder: string | null;
  path: string | null;
  /** The file's text on the server. */
  saved: string;
  /** The text in the editor. */
  draft: string;
  readOnly: boolean;
  /** Where a switch asked while dirty goes once confirmed (path null: only the theme changes). */
  pending: { folder: string; path: string | null } | null;
  versions: ThemeFileVersion[];
  version: string | null;
  versionContent: string;
  error: string | null;
}

export type ThemeEditorEvent =
  | { type: 'theme.select'; folder: string }
  | { type: 'file.select'; folder: string; path: string }
  | { type: 'file.loaded'; folder: string; path: string; content: string; readOnly: boolean }
  | { type: 'file.failed'; folder: string; path: string; message: string }
  | { type: 'content.change'; content: string }
  | { type: 'file.save' }
  | { type: 'save.done' }
  | { type: 'save.failed'; message: string }
  | { type: 'switch.confirm' }
  | { type: 'switch.cancel' }
  | { type: 'history.open' }
  | { type: 'history.loaded'; versions: ThemeFileVersion[] }
  | { type: 'history.failed'; message: string }
  | { type: 'history.close' }
  | { type: 'version.select'; version: string }
  | { type: 'version.loaded'; content: string }
  | { type: 'version.failed'; message: string }
  | { type: 'version.restore' }
  | { type: 'restore.done'; content: string }
  | { type: 'restore.failed'; message: string };

type Of<T extends ThemeEditorEvent['type']> = Extract<ThemeEditorEvent, { type: T }>;

const initial: ThemeEditorContext = {
  folder: null,
  path: null,
  saved: '',
  draft: '',
  readOnly: false,
  pending: null,
  versions: [],
  version: null,
  versionContent: '',
  error: null,
};

const fileOf = (c: ThemeEditorContext): FileRef => ({ folder: c.folder!, path: c.path! });
const noFile = { path: null, saved: '', draft: '', readOnly: false, pending: null, versions: [], version: null, versionContent: '', error: null };

export const themeEditorMachine = setup({
  types: { context: {} as ThemeEditorContext, events: {} as ThemeEditorEvent },
  actions: {
    listFiles: (_, _params: { folder: string }) => {},
    loadFile: (_, _params: FileRef) => {},
    saveFile: (_, _params: FileRef & { content: string }) => {},
    loadHistory: (_, _params: FileRef) => {},
    loadVersion: (_, _params: FileRef & { version: string }) => {},
    restoreVersion: (_, _params: FileRef & { version: string }) => {},
    chooseTheme: assign(({ event }) => ({ ...noFile, folder: (event as Of<'theme.select'>).folder })),
    chooseFile: assign(({ event }) => {
      const { folder, path } = event as Of<'file.select'>;
      return { ...noFile, folder, path };
    }),
  },
  guards: {
    isCurrentFile: ({ context, event }) => {
      const e = event as Of<'file.loaded'> | Of<'file.failed'>;
      return e.folder === context.folder && e.path === context.path;
    },
    writable: ({ context }) => !context.readOnly,
    differsFromSaved: ({ context, event }) => !context.readOnly && (event as Of<'content.change'>).content !== context.saved,
    matchesSaved: ({ context, event }) => (event as Of<'content.change'>).content === context.saved,
    pendingFile: ({ context }) => context.pending?.path != null,
  },
}).createMachine({
  id: 'themeEditor',
  context: initial,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'theme.select': { target: 'idle', reenter: true, actions: ['chooseTheme', { type: 'listFiles', params: ({ event }) => ({ folder: event.folder }) }] },
        'file.select': { target: 'loading', actions: ['chooseFile', { type: 'loadFile', params: ({ event }) => ({ folder: event.folder, path: event.path }) }] },
      },
    },
    loading: {
      tags: ['busy'],
      on: {
        'theme.select': { target: 'idle', actions: ['chooseTheme', { type: 'listFiles', params: ({ event }) => ({ folder: event.folder }) }] },
        'file.select': { target: 'loading', reenter: true, actions: ['chooseFile', { type: 'loadFile', params: ({ event }) => ({ folder: event.folder, path: event.path }) }] },
        'file.loaded': {
          guard: 'isCurrentFile',
          target: 'editing',
          actions: assign(({ event }) => ({ saved: event.content, draft: event.content, readOnly: event.readOnly, error: null })),
        },
        'file.failed': { guard: 'isCurrentFile', target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'theme.select': { target: 'idle', actions: ['chooseTheme', { type: 'listFiles', params: ({ event }) => ({ folder: event.folder }) }] },
        'file.select': { target: 'loading', actions: ['chooseFile', { type: 'loadFile', params: ({ event }) => ({ folder: event.folder, path: event.path }) }] },
      },
    },
    editing: {
      tags: ['editable', 'fileOpen'],
      initial: 'clean',
      states: {
        clean: {
          on: {
            'content.change': { guard: 'differsFromSaved', target: 'dirty', actions: assign({ draft: ({ event }) => event.content }) },
            'theme.select': { target: '#themeEditor.idle', actions: ['chooseTheme', { type: 'listFiles', params: ({ event }) => ({ folder: event.folder }) }] },
            'file.select': { target: '#themeEditor.loading', actions: ['chooseFile', { type: 'loadFile', params: ({ event }) => ({ folder: event.folder, path: event.path }) }] },
            'history.open': { target: '#themeEditor.history', actions: assign({ error: null }) },
          },
        },
        dirty: {
          tags: ['dirty'],
          on: {
            'content.change': [
              { guard: 'matchesSaved', target: 'clean', actions: assign({ draft: ({ event }) => event.content }) },
              { actions: assign({ draft: ({ event }) => event.content }) },
            ],
            'theme.select': { target: '#themeEditor.confirmSwitch', actions: assign({ pending: ({ event }) => ({ folder: event.folder, path: null }) }) },
            'file.select': { target: '#themeEditor.confirmSwitch', actions: assign({ pending: ({ event }) => ({ folder: event.folder, path: event.path }) }) },
            'file.save': {
              guard: 'writable',
              target: '#themeEditor.saving',
              actions: [assign({ error: null }), { type: 'saveFile', params: ({ context }) => ({ ...fileOf(context), content: context.draft }) }],
            },
          },
        },
      },
    },
    confirmSwitch: {
      tags: ['dirty', 'confirming', 'fileOpen'],
      on: {
        'switch.confirm': [
          {
            guard: 'pendingFile',
            target: 'loading',
            actions: [
              { type: 'loadFile', params: ({ context }) => ({ folder: context.pending!.folder, path: context.pending!.path! }) },
              assign(({ context }) => ({ ...noFile, folder: context.pending!.folder, path: context.pending!.path })),
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'listFiles', params: ({ context }) => ({ folder: context.pending!.folder }) },
              assign(({ context }) => ({ ...noFile, folder: context.pending!.folder })),
            ],
          },
        ],
        'switch.cancel': { target: '#themeEditor.editing.dirty', actions: assign({ pending: null }) },
      },
    },
    saving: {
      tags: ['busy', 'dirty', 'fileOpen'],
      on: {
        'save.done': { target: '#themeEditor.editing.clean', actions: assign(({ context }) => ({ saved: context.draft, error: null })) },
        'save.failed': { target: '#themeEditor.editing.dirty', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    history: {
      tags: ['history', 'fileOpen'],
      initial: 'loading',
      on: {
        'history.close': { target: '#themeEditor.editing.clean', actions: assign({ version: null, versionContent: '', error: null }) },
      },
      states: {
        loading: {
          tags: ['busy'],
          entry: { type: 'loadHistory', params: ({ context }) => fileOf(context) },
          on: {
            'history.loaded': { target: 'list', actions: assign({ versions: ({ event }) => event.versions }) },
            'history.failed': { target: 'list', actions: assign({ versions: [], error: ({ event }) => event.message }) },
          },
        },
        list: {
          on: {
            'theme.select': { target: '#themeEditor.idle', actions: ['chooseTheme', { type: 'listFiles', params: ({ event }) => ({ folder: event.folder }) }] },
            'file.select': { target: '#themeEditor.loading', actions: ['chooseFile', { type: 'loadFile', params: ({ event }) => ({ folder: event.folder, path: event.path }) }] },
            'version.select': {
              target: 'diffLoading',
              actions: [assign({ version: ({ event }) => event.version, error: null }), { type: 'loadVersion', params: ({ context, event }) => ({ ...fileOf(context), version: event.version }) }],
            },
          },
        },
        diffLoading: {
          tags: ['busy'],
          on: {
            'version.loaded': { target: 'diff', actions: assign({ versionContent: ({ event }) => event.content }) },
            'version.failed': { target: 'list', actions: assign({ version: null, error: ({ event }) => event.message }) },
          },
        },
        diff: {
          tags: ['diff'],
          on: {
            'theme.select': { target: '#themeEditor.idle', actions: ['chooseTheme', { type: 'listFiles', params: ({ event }) => ({ folder: event.folder }) }] },
            'file.select': { target: '#themeEditor.loading', actions: ['chooseFile', { type: 'loadFile', params: ({ event }) => ({ folder: event.folder, path: event.path }) }] },
            'version.select': {
              target: 'diffLoading',
              actions: [assign({ version: ({ event }) => event.version, error: null }), { type: 'loadVersion', params: ({ context, event }) => ({ ...fileOf(context), version: event.version }) }],
            },
            'version.restore': {
              guard: 'writable',
              target: 'restoring',
              actions: [assign({ error: null }), { type: 'restoreVersion', params: ({ context }) => ({ ...fileOf(context), version: context.version! }) }],
            },
          },
        },
        restoring: {
          tags: ['busy', 'diff'],
          on: {
            'restore.done': {
              target: '#themeEditor.editing.clean',
              actions: assign(({ event }) => ({ saved: event.content, draft: event.content, version: null, versionContent: '', versions: [], error: null })),
            },
            'restore.failed': { target: 'diff', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
      },
    },
  },
});
