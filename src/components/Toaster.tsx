import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { ERROR_TOAST_MS } from '../../models/constants';

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4 });

/** Errors stay 5 s (spec §8); successes are brief. */
export function notify(kind: 'success' | 'error' | 'info', message: string) {
  toaster.create({ type: kind, description: message, duration: kind === 'error' ? ERROR_TOAST_MS : 2500, closable: kind === 'error' });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type}`}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
