import { useRef, type ReactNode, type PointerEvent } from 'react';
import { Box, CloseButton, Dialog, Portal } from '@chakra-ui/react';

export interface DraggableDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** CSS width, e.g. 600 or '90vw'. */
  width?: number | string;
  testId?: string;
}

/**
 * A dialog the user can drag by its header and resize from its corner (spec §2 "Layout").
 * The offset lives in a ref and is applied directly, so dragging never re-renders the form inside.
 */
export function DraggableDialog({ open, onClose, title, children, footer, width = 600, testId }: DraggableDialogProps) {
  const content = useRef<HTMLDivElement>(null);
  const offset = useRef({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);

  const apply = () => {
    if (content.current) content.current.style.translate = `${offset.current.x}px ${offset.current.y}px`;
  };
  const onPointerDown = (e: PointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX - offset.current.x, y: e.clientY - offset.current.y };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!drag.current) return;
    offset.current = { x: e.clientX - drag.current.x, y: e.clientY - drag.current.y };
    apply();
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      onExitComplete={() => {
        offset.current = { x: 0, y: 0 };
      }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            ref={content}
            data-testid={testId}
            maxW="calc(100vw - 16px)"
            w={typeof width === 'number' ? `${width}px` : width}
            maxH="calc(100vh - 32px)"
            css={{ resize: 'both', overflow: 'auto', minWidth: '280px', minHeight: '160px' }}
          >
            <Dialog.Header
              cursor="move"
              userSelect="none"
              borderBottomWidth="1px"
              py="3"
              data-testid={testId ? `${testId}-handle` : undefined}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
            >
              <Dialog.Title fontSize="md">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body py="4">{children}</Dialog.Body>
            {footer && (
              <Dialog.Footer borderTopWidth="1px" py="3">
                <Box display="flex" gap="2" justifyContent="flex-end" w="full">
                  {footer}
                </Box>
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
