import { Box, Button, Flex, HStack, Image, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Download, Images, QrCode, Save, Sparkles, Type } from 'lucide-react';
import { t } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
import { LoadError } from '../../components/LoadError';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import { AttachmentPicker } from '../../components/attachments/picker/AttachmentPicker';
import { useAttachmentPicker } from '../../components/attachments/picker/useAttachmentPicker';
import { usePosterEditor, type PosterEditor } from './usePosterEditor';
import { PosterCanvas } from './PosterCanvas';
import { PosterProperties } from './PosterProperties';
import { useFitScale } from './useFitScale';
import { SAVE_HOTKEY } from '../../app/saveShortcut';

/** Tallest the canvas is shown (CSS px); larger posters are scaled down to fit. */
const CANVAS_MAX_HEIGHT = 560;

function Toolbar({ editor }: { editor: PosterEditor }) {
  const picker = useAttachmentPicker((items) => items[0] && editor.add('image', items[0].url));
  const off = !editor.editable;
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="sm" variant="outline" disabled={off} onClick={() => editor.add('text', t('posters.defaultText'))} data-testid="poster-add-text">
        <Type /> {t('posters.addText')}
      </Button>
      <Button size="sm" variant="outline" disabled={off} onClick={() => picker.show({ max: 1, kind: 'image' })} data-testid="poster-add-image">
        <Images /> {t('posters.addImage')}
      </Button>
      <Button size="sm" variant="outline" disabled={off} onClick={() => editor.add('qr', window.location.origin + '/')} data-testid="poster-add-qr">
        <QrCode /> {t('posters.addQr')}
      </Button>
      <AttachmentPicker picker={picker} />
    </HStack>
  );
}

function Result({ editor }: { editor: PosterEditor }) {
  const r = editor.rendered;
  if (!r) return null;
  return (
    <Stack gap="2" data-testid="poster-result">
      <Text fontWeight="semibold" fontSize="sm">
        {t('posters.result', { width: r.width, height: r.height, format: r.format.toUpperCase() })}
      </Text>
      <Box borderWidth="1px" rounded="md" overflow="hidden" bg="bg.muted" maxW="full">
        <Image src={r.url} alt={r.file_name} maxH="240px" mx="auto" objectFit="contain" data-testid="poster-preview" />
      </Box>
      <Link href={r.url} download={r.file_name} data-testid="poster-download" colorPalette="blue" fontSize="sm">
        <Download size={16} /> {t('posters.download')}
      </Link>
    </Stack>
  );
}

function Editor({ editor }: { editor: PosterEditor }) {
  const p = editor.poster;
  const { box, scale } = useFitScale(p?.width ?? 0, p?.height ?? 0, CANVAS_MAX_HEIGHT);
  return (
    <Stack gap="3" data-testid="poster-editor" data-busy={editor.busy}>
      {editor.failed && <LoadError message={editor.error ?? ''} onRetry={editor.retry} />}
      <Toolbar editor={editor} />
      <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="flex-start">
        <Box ref={box} flex="1" minW="0" w="full" display="flex" justifyContent="center" bg="bg.subtle" p="2" rounded="md">
          {p && scale > 0 ? <PosterCanvas editor={editor} scale={scale} /> : <Skeleton w="full" h="320px" />}
        </Box>
        <Stack gap="4" w={{ base: 'full', lg: '300px' }} flexShrink={0}>
          {p && (
            <Text fontSize="sm" color="fg.muted" data-testid="poster-summary">
              {t('posters.summary', { width: p.width, height: p.height, format: p.format.toUpperCase(), quality: p.quality })}
            </Text>
          )}
          <PosterProperties editor={editor} />
          <HStack gap="2" flexWrap="wrap">
            <Button size="sm" variant="outline" disabled={!editor.canSave} loading={editor.busy && editor.dirty} onClick={editor.save} data-testid="poster-save" {...SAVE_HOTKEY}>
              <Save /> {t('posters.save')}
            </Button>
            <Button size="sm" colorPalette="blue" disabled={!editor.canRender} loading={editor.busy && !editor.loading} onClick={editor.render} data-testid="poster-render">
              <Sparkles /> {t('posters.render')}
            </Button>
          </HStack>
          {editor.dirty && (
            <Text fontSize="xs" color="fg.muted" data-testid="poster-unsaved">
              {t('posters.unsaved')}
            </Text>
          )}
          <Result editor={editor} />
        </Stack>
      </Flex>
    </Stack>
  );
}

function EditorDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const editor = usePosterEditor(id, onClose);
  return (
    <>
      <DraggableDialog open onClose={editor.close} width={1100} testId="poster-dialog" title={t('posters.editorTitle', { name })}>
        <Editor editor={editor} />
      </DraggableDialog>
      <DiscardConfirm open={editor.confirmingClose} onDiscard={editor.discard} onKeepEditing={editor.keepEditing} />
    </>
  );
}

/** The layout editor of one poster, in a dialog; a fresh chart for every poster opened. */
export function PosterEditorDialog({ id, name, onClose }: { id: number | null; name: string; onClose: () => void }) {
  return id !== null ? <EditorDialog key={id} id={id} name={name} onClose={onClose} /> : null;
}
