import { Badge, Box, CloseButton, Drawer, Portal, Table, Text } from '@chakra-ui/react';
import { useT } from '../../../../i18n';
import { CONTENT_CSS } from '../../contentCss';
import type { EditorActionsView } from '../../hooks/useEditorActions';

/** The prohibited-word check's answer: the words found, and the marked body for review (never saved). */
export function WordsDrawer({ actions }: { actions: EditorActionsView }) {
  const { t } = useT();
  const list = actions.words?.word_list ?? [];
  return (
    <Drawer.Root open={actions.wordsOpen} onOpenChange={(e) => !e.open && actions.closePanel()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="editor-words-panel">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title>{t('editor.words.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              {list.length === 0 ? (
                <Text color="fg.muted" data-testid="editor-words-none">
                  {t('editor.words.none')}
                </Text>
              ) : (
                <Table.ScrollArea borderWidth="1px" rounded="sm">
                  <Table.Root size="sm">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('editor.words.word')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('editor.words.level')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('editor.words.type')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('editor.words.paraphrase')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {list.map((w, i) => (
                        <Table.Row key={`${w.title}-${i}`} data-testid="editor-word">
                          <Table.Cell fontWeight="semibold">{w.title}</Table.Cell>
                          <Table.Cell>
                            <Badge colorPalette={w.level === 2 ? 'red' : 'orange'}>{t(`editor.words.level${w.level === 2 ? 2 : 1}`)}</Badge>
                          </Table.Cell>
                          <Table.Cell>{w.type}</Table.Cell>
                          <Table.Cell>{w.paraphrase}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
              <Text fontSize="sm" fontWeight="semibold" mt="5" mb="2">
                {t('editor.words.marked')}
              </Text>
              {/* Cleaned through the editor's own serializer: only allowlisted markup is shown. */}
              <Box borderWidth="1px" rounded="sm" p="3" css={CONTENT_CSS} data-testid="editor-words-marked" dangerouslySetInnerHTML={{ __html: actions.markedHtml }} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" data-testid="editor-words-close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
