import { Box, Text, Textarea } from '@chakra-ui/react';
import { Editable, Slate, type RenderPlaceholderProps } from 'slate-react';
import { RICH_TEXT_DEFAULT_HEIGHT } from '../../../models/constants';
import { useT } from '../../i18n';
import { CONTENT_CSS } from './contentCss';
import { useRichTextEditor, type RichTextEditorProps } from './hooks/useRichTextEditor';
import { LinkDialog } from './view/dialogs/LinkDialog';
import { ImageDialog } from './view/dialogs/ImageDialog';
import { LocalisedDialog } from './view/dialogs/LocalisedDialog';
import { TableDialog } from './view/dialogs/TableDialog';
import { WordsDrawer } from './view/dialogs/WordsDrawer';
import { ElementView } from './view/Element';
import { Leaf } from './view/Leaf';
import { ActionButtons } from './view/toolbar/ActionButtons';
import { Toolbar } from './view/toolbar/Toolbar';

export type { RichTextEditorProps } from './hooks/useRichTextEditor';
export type { EditorServerActions } from './hooks/useEditorActions';

/** Slate's placeholder is its text at a third of its opacity, too faint to read: muted text instead. */
function Placeholder({ attributes, children }: RenderPlaceholderProps) {
  return (
    <span {...attributes} style={{ ...attributes.style, opacity: 1, color: 'var(--chakra-colors-fg-muted)' }}>
      {children}
    </span>
  );
}

/**
 * The rich-text editor (slate): HTML in `value`, HTML out through `onChange`, limited to the allowlist
 * the server sanitises with (models/html.ts). Lazy-load it: it carries slate.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useT();
  const e = useRichTextEditor(props);
  const height = props.height ?? RICH_TEXT_DEFAULT_HEIGHT;
  return (
    <Box borderWidth="1px" rounded="md" bg="bg" overflow="hidden" data-testid={props.testId} data-source={e.source.active ? '' : undefined}>
      <Slate editor={e.editor} initialValue={e.initialValue} onValueChange={e.onValueChange}>
        <Toolbar
          sourceActive={e.source.active}
          locked={e.locked}
          onSource={e.source.toggle}
          onLink={e.dialogs.openLink}
          onImage={e.image.show}
          onTable={e.dialogs.openTable}
          actions={<ActionButtons actions={e.actions} disabled={e.source.active} />}
        />
        {e.source.active ? (
          <Box p="2">
            <Text fontSize="xs" color="fg.muted" mb="1.5">
              {t('editor.sourceHint')}
            </Text>
            <Textarea
              value={e.source.draft}
              onChange={(ev) => e.source.edit(ev.currentTarget.value)}
              fontFamily="mono"
              fontSize="13px"
              spellCheck={false}
              resize="vertical"
              h={`${height - 40}px`}
              aria-label={t('editor.source')}
              data-testid="editor-source-text"
            />
          </Box>
        ) : (
          <Box css={CONTENT_CSS} px="4" py="2" h={`${height}px`} overflowY="auto" opacity={e.locked ? 0.6 : 1} cursor="text">
            <Editable
              renderElement={ElementView}
              renderLeaf={Leaf}
              placeholder={props.placeholder ?? t('editor.placeholder')}
              renderPlaceholder={Placeholder}
              aria-label={props.label ?? t('editor.area')}
              readOnly={e.locked}
              onKeyDown={e.onKeyDown}
              onFocus={e.onFocus}
              spellCheck={false}
              style={{ minHeight: `${height - 16}px`, outline: 'none' }}
              data-testid="editor-content"
            />
          </Box>
        )}
      </Slate>
      <LinkDialog dialogs={e.dialogs} />
      <TableDialog dialogs={e.dialogs} />
      <ImageDialog image={e.image} />
      <WordsDrawer actions={e.actions} />
      <LocalisedDialog actions={e.actions} />
    </Box>
  );
}
