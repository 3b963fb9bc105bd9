import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { themeEditorMachine } from '../../../machines/themeEditor.machine';
import type { ThemeInfo } from '../../../models/themes';
import type { ThemeFileContent, ThemeFileKind, ThemeFileList, ThemeFileVersion } from '../../../models/themeFiles';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { useUnsavedChanges } from '../../app/useUnsavedChanges';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the theme file editor to its chart: themes, the chosen theme's files, one file, its history. */
export function useThemeEditor(kind: ThemeFileKind, wantedFolder: string | null) {
  const siteId = useStore(currentSiteStore);
  const [themes, setThemes] = useState<ThemeInfo[]>([]);
  const [list, setList] = useState<ThemeFileList | null>(null);
  const listUrl = kind === 'all' ? '/theme/files' : '/theme/tempFiles';
  const actor = useChart(
    themeEditorMachine.provide({
      actions: {
        listFiles: (_, { folder }) => {
          setList(null);
          get<ThemeFileList>(listUrl, { folder })
            .then(({ data }) => setList(data))
            .catch((e: unknown) => notify('error', messageOf(e)));
        },
        loadFile: (_, file) => {
          get<ThemeFileContent>('/theme/fileRead', { ...file })
            .then(({ data }) => actor.send({ type: 'file.loaded', ...file, content: data.content, readOnly: data.readOnly }))
            .catch((e: unknown) => actor.send({ type: 'file.failed', ...file, message: messageOf(e) }));
        },
        saveFile: (_, body) => {
          post('/theme/fileUpdate', body)
            .then(({ msg }) => {
              notify('success', msg);
              actor.send({ type: 'save.done' });
            })
            .catch((e: unknown) => actor.send({ type: 'save.failed', message: messageOf(e) }));
        },
        loadHistory: (_, file) => {
          get<ThemeFileVersion[]>('/theme/fileVersions', { ...file })
            .then(({ data }) => actor.send({ type: 'history.loaded', versions: data }))
            .catch((e: unknown) => actor.send({ type: 'history.failed', message: messageOf(e) }));
        },
        loadVersion: (_, query) => {
          get<{ content: string }>('/theme/fileVersion', { ...query })
            .then(({ data }) => actor.send({ type: 'version.loaded', content: data.content }))
            .catch((e: unknown) => actor.send({ type: 'version.failed', message: messageOf(e) }));
        },
        restoreVersion: (_, body) => {
          post<{ content: string }>('/theme/fileRestore', body)
            .then(({ data, msg }) => {
              notify('success', msg);
              actor.send({ type: 'restore.done', content: data.content });
            })
            .catch((e: unknown) => actor.send({ type: 'restore.failed', message: messageOf(e) }));
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const { context } = state;

  // The site's themes; the editor opens the one asked for in the address, else the active one.
  useEffect(() => {
    if (!siteId) return;
    get<ThemeInfo[]>('/theme/index')
      .then(({ data }) => {
        setThemes(data);
        const folder = data.find((th) => th.folder === wantedFolder)?.folder ?? data.find((th) => th.active)?.folder ?? 'default';
        actor.send({ type: 'theme.select', folder });
      })
      .catch((e: unknown) => notify('error', messageOf(e)));
  }, [siteId, wantedFolder, actor]);

  // Leaving the page, closing its tab or the window with unsaved changes asks first.
  const dirty = state.hasTag('dirty');
  useUnsavedChanges(dirty);

  return {
    themes,
    files: list?.folder === context.folder ? list.files : [],
    themeReadOnly: list?.readOnly ?? false,
    folder: context.folder,
    path: context.path,
    draft: context.draft,
    saved: context.saved,
    readOnly: context.readOnly,
    versions: context.versions,
    version: context.version,
    versionContent: context.versionContent,
    error: context.error,
    busy: state.hasTag('busy'),
    editable: state.hasTag('editable'),
    fileOpen: state.hasTag('fileOpen'),
    dirty,
    confirming: state.hasTag('confirming'),
    failed: state.hasTag('failed'),
    inHistory: state.hasTag('history'),
    showingDiff: state.hasTag('diff'),
    canSave: state.can({ type: 'file.save' }),
    canOpenHistory: state.can({ type: 'history.open' }),
    canRestore: state.can({ type: 'version.restore' }),
    selectTheme: (folder: string) => actor.send({ type: 'theme.select', folder }),
    selectFile: (path: string) => context.folder && actor.send({ type: 'file.select', folder: context.folder, path }),
    change: (content: string) => actor.send({ type: 'content.change', content }),
    save: () => actor.send({ type: 'file.save' }),
    confirmSwitch: () => actor.send({ type: 'switch.confirm' }),
    cancelSwitch: () => actor.send({ type: 'switch.cancel' }),
    openHistory: () => actor.send({ type: 'history.open' }),
    closeHistory: () => actor.send({ type: 'history.close' }),
    selectVersion: (version: string) => actor.send({ type: 'version.select', version }),
    restore: () => actor.send({ type: 'version.restore' }),
  };
}
export type ThemeEditor = ReturnType<typeof useThemeEditor>;
