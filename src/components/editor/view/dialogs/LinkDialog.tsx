import { Button, Checkbox, Field, Input, Stack } from '@chakra-ui/react';
import { useT } from '../../../../i18n';
import { DraggableDialog } from '../../../DraggableDialog';
import type { EditorDialogsView } from '../../hooks/useEditorDialogs';

export function LinkDialog({ dialogs }: { dialogs: EditorDialogsView }) {
  const { t } = useT();
  const { link } = dialogs;
  return (
    <DraggableDialog
      open={dialogs.linkOpen}
      onClose={dialogs.close}
      width={460}
      testId="editor-link-dialog"
      title={link.editing ? t('editor.linkDialog.editTitle') : t('editor.linkDialog.title')}
      footer={
        <>
          {dialogs.canRemoveLink && (
            <Button size="sm" variant="ghost" colorPalette="red" mr="auto" data-testid="editor-link-remove" onClick={dialogs.removeLink}>
              {t('editor.linkDialog.remove')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={dialogs.close}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" disabled={!dialogs.canConfirmLink} data-testid="editor-link-confirm" onClick={dialogs.confirmLink}>
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          dialogs.confirmLink();
        }}
      >
        <Stack gap="3">
          <Field.Root required invalid={dialogs.linkInvalid}>
            <Field.Label>{t('editor.linkDialog.url')}</Field.Label>
            <Input size="sm" autoFocus value={link.url} placeholder="https://" data-testid="editor-link-url" onChange={(e) => dialogs.changeLink({ url: e.currentTarget.value })} />
            <Field.ErrorText>{t('editor.linkDialog.invalid')}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('editor.linkDialog.text')}</Field.Label>
            <Input size="sm" value={link.text} data-testid="editor-link-text" onChange={(e) => dialogs.changeLink({ text: e.currentTarget.value })} />
          </Field.Root>
          <Checkbox.Root size="sm" checked={link.newTab} onCheckedChange={(e) => dialogs.changeLink({ newTab: e.checked === true })} data-testid="editor-link-new-tab">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('editor.linkDialog.newTab')}</Checkbox.Label>
          </Checkbox.Root>
          <button type="submit" hidden />
        </Stack>
      </form>
    </DraggableDialog>
  );
}
