import { Button, Field, Flex, Input, Text } from '@chakra-ui/react';
import { TABLE_MAX_SIZE } from '../../../../../machines/editorDialogs.machine';
import { useT } from '../../../../i18n';
import { DraggableDialog } from '../../../DraggableDialog';
import type { EditorDialogsView } from '../../hooks/useEditorDialogs';

export function TableDialog({ dialogs }: { dialogs: EditorDialogsView }) {
  const { t } = useT();
  const size = (key: 'rows' | 'cols') => (
    <Field.Root flex="1">
      <Field.Label>{t(`editor.tableDialog.${key}`)}</Field.Label>
      <Input
        size="sm"
        type="number"
        min={1}
        max={TABLE_MAX_SIZE}
        value={Number.isNaN(dialogs.table[key]) ? '' : String(dialogs.table[key])}
        data-testid={`editor-table-${key}`}
        onChange={(e) => dialogs.changeTable({ [key]: e.currentTarget.value === '' ? NaN : Number(e.currentTarget.value) })}
      />
    </Field.Root>
  );
  return (
    <DraggableDialog
      open={dialogs.tableOpen}
      onClose={dialogs.close}
      width={360}
      testId="editor-table-dialog"
      title={t('editor.tableDialog.title')}
      footer={
        <>
          <Button size="sm" variant="outline" onClick={dialogs.close}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" disabled={!dialogs.canConfirmTable} data-testid="editor-table-confirm" onClick={dialogs.confirmTable}>
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <Flex gap="3">
        {size('rows')}
        {size('cols')}
      </Flex>
      {dialogs.tableInvalid && (
        <Text fontSize="xs" color="fg.error" mt="2">
          {t('editor.tableDialog.invalid', { max: TABLE_MAX_SIZE })}
        </Text>
      )}
    </DraggableDialog>
  );
}
