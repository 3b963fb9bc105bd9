import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Table2 } from 'lucide-react';
import { useT } from '../../../../i18n';

export type TableCommand = 'rowAbove' | 'rowBelow' | 'colLeft' | 'colRight' | 'removeRow' | 'removeCol' | 'removeTable';
const COMMANDS: TableCommand[] = ['rowAbove', 'rowBelow', 'colLeft', 'colRight', 'removeRow', 'removeCol', 'removeTable'];

/** Row, column and table edits around the cursor's cell (available only inside a table). */
export function TableMenu({ disabled, onCommand }: { disabled: boolean; onCommand: (command: TableCommand) => void }) {
  const { t } = useT();
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={t('editor.tableMenu.label')} title={t('editor.tableMenu.label')} data-testid="editor-table-menu" disabled={disabled} onMouseDown={(e) => e.preventDefault()}>
          <Table2 />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {COMMANDS.map((c) => (
              <Menu.Item key={c} value={c} data-testid={`editor-table-${c}`} color={c.startsWith('remove') ? 'fg.error' : undefined} onSelect={() => onCommand(c)}>
                {t(`editor.tableMenu.${c}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
