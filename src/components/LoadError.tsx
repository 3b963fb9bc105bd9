import { Alert, Button } from '@chakra-ui/react';
import { t } from '../i18n';

/** A failed load, said plainly, with a retry. */
export function LoadError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <Alert.Root status="error" size="sm" data-testid="load-error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
      <Button size="xs" ml="auto" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert.Root>
  );
}
