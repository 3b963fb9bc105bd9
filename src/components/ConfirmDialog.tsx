import type { ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
  testId?: string;
}

/** An alert dialog that must be answered: the two buttons are the only way out. */
export function ConfirmDialog(p: ConfirmDialogProps) {
  return (
    <Dialog.Root open={p.open} role="alertdialog" placement="center" closeOnInteractOutside={false} onOpenChange={(e) => !e.open && p.onCancel()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={p.testId} maxW="calc(100vw - 32px)" w="420px">
            <Dialog.Header>
              <Dialog.Title fontSize="md">{p.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{p.body}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={p.onCancel} disabled={p.busy} data-testid={p.testId ? `${p.testId}-cancel` : undefined}>
                {p.cancelLabel}
              </Button>
              <Button
                size="sm"
                colorPalette={p.danger ? 'red' : 'blue'}
                onClick={p.onConfirm}
                loading={p.busy}
                data-testid={p.testId ? `${p.testId}-confirm` : undefined}
              >
                {p.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
