import { Alert, Badge, Box, Button, Grid, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSearch } from 'wouter';
import type { ThemeFileKind } from '../../../models/themeFiles';
import { t } from '../../i18n';
import { useStore } from '../../app/store';
import { shellStore } from '../../app/shellStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../resource/format';
import { CodeEditor } from './CodeEditor';
import { DiffView } from './DiffView';
import { useThemeEditor, type ThemeEditor } from './useThemeEditor';
import { SAVE_HOTKEY } from '../../app/saveShortcut';

const PANE_HEIGHT = { base: '60vh', lg: 'calc(100vh - 260px)' };

/** The theme's files; directories are shown by indenting. */
function FileTree({ ed }: { ed: ThemeEditor }) {
  return (
    <Stack gap="0" borderWidth="1px" rounded="md" p="1" overflowY="auto" maxH={{ base: '200px', lg: PANE_HEIGHT.lg }} data-testid="theme-files">
      {ed.files.length === 0 && <Text p="2" fontSize="sm" color="fg.muted">{t('themeFiles.noFiles')}</Text>}
      {ed.files.map((file) => {
        const depth = file.path.split('/').length - 1;
        const selected = file.path === ed.path;
        return (
          <Button
            key={file.path}
            size="xs"
            variant={selected ? 'subtle' : 'ghost'}
            colorPalette={selected ? 'blue' : 'gray'}
            justifyContent="flex-start"
            fontFamily="mono"
            fontWeight="normal"
            ps={`${8 + depth * 12}px`}
            disabled={!file.editable}
            title={file.editable ? file.path : `${file.path} — ${t('themeFiles.notEditable')}`}
            onClick={() => ed.selectFile(file.path)}
            data-testid="theme-file"
            data-path={file.path}
          >
            <Text as="span" truncate>{depth > 0 ? `${file.path.split('/').slice(0, -1).join('/')}/` : ''}<b>{file.path.split('/').pop()}</b></Text>
          </Button>
        );
      })}
    </Stack>
  );
}

function HistoryPane({ ed }: { ed: ThemeEditor }) {
  return (
    <Grid templateColumns={{ base: '1fr', md: '220px 1fr' }} gap="3" h={PANE_HEIGHT} minH="0" data-testid="theme-history">
      <Stack gap="1" overflowY="auto" maxH={{ base: '160px', md: 'full' }}>
        <Text fontSize="xs" color="fg.muted">{t('themeFiles.versionsHint')}</Text>
        {!ed.busy && ed.versions.length === 0 && <Text fontSize="sm" color="fg.muted">{t('themeFiles.noVersions')}</Text>}
        {ed.versions.map((v) => (
          <Button
            key={v.version}
            size="xs"
            justifyContent="flex-start"
            variant={v.version === ed.version ? 'subtle' : 'ghost'}
            colorPalette={v.version === ed.version ? 'blue' : 'gray'}
            onClick={() => ed.selectVersion(v.version)}
            disabled={ed.busy}
            data-testid="theme-version"
          >
            {formatDateTime(v.created_at)} · {v.size} B
          </Button>
        ))}
      </Stack>
      <Stack gap="2" minH="0" h={{ base: '50vh', md: 'full' }}>
        {ed.showingDiff ? <DiffView before={ed.versionContent} after={ed.saved} /> : <Box flex="1" borderWidth="1px" rounded="md" />}
      </Stack>
    </Grid>
  );
}

/** /Theme/files and /Theme/tempFiles: file tree on the left, CodeMirror on the right, history with diff and restore. */
export function ThemeEditorScreen({ kind }: { kind: ThemeFileKind }) {
  const wanted = new URLSearchParams(useSearch()).get('folder');
  const ed = useThemeEditor(kind, wanted);
  const isSuper = Boolean(useStore(shellStore).current?.is_super);
  const writable = isSuper && !ed.readOnly;
  return (
    <Stack gap="3" data-testid="theme-editor">
      <Stack gap="1">
        <Heading size="md">{t(kind === 'all' ? 'themeFiles.title' : 'themeFiles.templatesTitle')}</Heading>
        <Text fontSize="sm" color="fg.muted">{t('themeFiles.hint')}</Text>
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm">{t('themeFiles.theme')}</Text>
        <NativeSelect.Root size="sm" width={{ base: 'full', sm: '280px' }} disabled={ed.busy}>
          <NativeSelect.Field value={ed.folder ?? ''} onChange={(e) => ed.selectTheme(e.currentTarget.value)} data-testid="theme-select">
            {ed.themes.map((th) => (
              <option key={th.folder} value={th.folder}>{`${th.name} · ${th.folder}${th.active ? ` ${t('themeFiles.active')}` : ''}`}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {ed.themeReadOnly && <Badge colorPalette="orange">{t('themeFiles.readOnly')}</Badge>}
        {!isSuper && <Badge>{t('themeFiles.superOnly')}</Badge>}
      </HStack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '260px minmax(0, 1fr)' }} gap="3">
        <FileTree ed={ed} />
        <Stack gap="2" minW="0">
          <HStack gap="2" wrap="wrap" minH="8">
            <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" flex="1" minW="0" data-testid="theme-path">{ed.path ?? t('themeFiles.pick')}</Text>
            {ed.dirty && <Badge colorPalette="orange" data-testid="theme-dirty">{t('themeFiles.dirty')}</Badge>}
            {ed.inHistory ? (
              <>
                {ed.showingDiff && writable && (
                  <Button size="sm" colorPalette="red" variant="outline" onClick={ed.restore} disabled={!ed.canRestore} loading={ed.busy} loadingText={t('themeFiles.restoring')} data-testid="theme-restore">
                    {t('themeFiles.restore')}
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={ed.closeHistory} disabled={ed.busy} data-testid="theme-history-close">{t('themeFiles.backToEditor')}</Button>
              </>
            ) : (
              ed.fileOpen && (
                <>
                  <Button size="sm" variant="outline" onClick={ed.openHistory} disabled={!ed.canOpenHistory} data-testid="theme-history-open">{t('themeFiles.history')}</Button>
                  {writable && (
                    <Button size="sm" colorPalette="blue" onClick={ed.save} disabled={!ed.canSave} loading={ed.busy} loadingText={t('themeFiles.saving')} data-testid="theme-save" {...SAVE_HOTKEY}>
                      {t('themeFiles.save')}
                    </Button>
                  )}
                </>
              )
            )}
          </HStack>
          {ed.error && (
            <Alert.Root status="error" size="sm" data-testid="theme-error">
              <Alert.Indicator />
              <Alert.Title>{ed.failed ? t('themeFiles.loadFailed', { message: ed.error }) : ed.error}</Alert.Title>
            </Alert.Root>
          )}
          {ed.inHistory ? (
            <HistoryPane ed={ed} />
          ) : ed.fileOpen && ed.path ? (
            <Box h={PANE_HEIGHT} minH="0">
              <CodeEditor key={`${ed.folder}/${ed.path}`} path={ed.path} value={ed.draft} readOnly={!writable || !ed.editable} onChange={ed.change} />
            </Box>
          ) : (
            <Box h={PANE_HEIGHT} borderWidth="1px" borderStyle="dashed" rounded="md" display="flex" alignItems="center" justifyContent="center" color="fg.muted" fontSize="sm">
              {ed.busy ? t('themeFiles.loading') : t('themeFiles.pick')}
            </Box>
          )}
        </Stack>
      </Grid>
      <ConfirmDialog
        open={ed.confirming}
        title={t('themeFiles.unsavedTitle')}
        body={t('themeFiles.unsavedBody')}
        confirmLabel={t('themeFiles.discard')}
        cancelLabel={t('themeFiles.keepEditing')}
        onConfirm={ed.confirmSwitch}
        onCancel={ed.cancelSwitch}
        danger
        testId="confirm-discard"
      />
    </Stack>
  );
}
