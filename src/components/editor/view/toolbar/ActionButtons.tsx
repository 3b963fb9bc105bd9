import { Button, Flex } from '@chakra-ui/react';
import { FileText, ImageDown, Link2, ShieldAlert } from 'lucide-react';
import { EDITOR_ACTIONS, type EditorActionName } from '../../../../../machines/editorActions.machine';
import { useT } from '../../../../i18n';
import type { EditorActionsView } from '../../hooks/useEditorActions';

const ICONS: Record<EditorActionName, typeof Link2> = { innerLink: Link2, wordSearch: ShieldAlert, imgLocal: ImageDown, descExtraction: FileText };

/** The server-action buttons; each appears only when the page gives its call. */
export function ActionButtons({ actions, disabled }: { actions: EditorActionsView; disabled: boolean }) {
  const { t } = useT();
  const shown = EDITOR_ACTIONS.filter(actions.available);
  if (!shown.length) return null;
  return (
    <Flex wrap="wrap" gap="1" ml={{ base: 0, md: 'auto' }} pl={{ base: 0, md: 1 }}>
      {shown.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            size="xs"
            variant="outline"
            data-testid={`editor-action-${action}`}
            loading={actions.running(action)}
            loadingText={t('editor.actions.running')}
            disabled={disabled || actions.busy}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => actions.run(action)}
          >
            <Icon /> {t(`editor.actions.${action}`)}
          </Button>
        );
      })}
    </Flex>
  );
}
