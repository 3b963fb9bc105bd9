import { Box, Button, Text } from '@chakra-ui/react';
import { useT } from '../../../../i18n';
import { DraggableDialog } from '../../../DraggableDialog';
import type { EditorActionsView } from '../../hooks/useEditorActions';

/** Image localisation's answer: how many images became local, and which could not and why. */
export function LocalisedDialog({ actions }: { actions: EditorActionsView }) {
  const { t } = useT();
  const result = actions.localised;
  const failed = result?.failed ?? [];
  return (
    <DraggableDialog
      open={actions.localisedOpen}
      onClose={actions.closePanel}
      width={520}
      testId="editor-localised-panel"
      title={t('editor.localised.title')}
      footer={
        <Button size="sm" colorPalette="blue" data-testid="editor-localised-close" onClick={actions.closePanel}>
          {t('common.ok')}
        </Button>
      }
    >
      <Text data-testid="editor-localised-summary">{t('editor.localised.summary', { count: result?.localized ?? 0 })}</Text>
      {failed.length === 0 ? (
        <Text color="fg.muted" mt="2">
          {t('editor.localised.allDone')}
        </Text>
      ) : (
        <>
          <Text mt="3" color="fg.error">
            {t('editor.localised.failed', { count: failed.length })}
          </Text>
          <Box as="ul" mt="1" ps="5" fontSize="sm" listStyleType="disc">
            {failed.map((f) => (
              <Box as="li" key={f.url} data-testid="editor-localised-failed" wordBreak="break-all">
                {f.url} — {f.reason}
              </Box>
            ))}
          </Box>
        </>
      )}
    </DraggableDialog>
  );
}
