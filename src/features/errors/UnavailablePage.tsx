import { EmptyState, VStack } from '@chakra-ui/react';
import { Hourglass } from 'lucide-react';
import { useLocation } from 'wouter';
import { useT } from '../../i18n';
import { matchRoute } from '../../routes/registry';

/** A menu page whose module ships in a later version: said plainly, never a fake screen. */
export default function UnavailablePage() {
  const { t } = useT();
  const [location] = useLocation();
  const title = t(matchRoute(location)?.title ?? '');
  return (
    <EmptyState.Root py="16" data-testid="module-unavailable">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Hourglass />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{t('common.moduleUnavailable')}</EmptyState.Title>
          <EmptyState.Description>{t('common.moduleUnavailableBody', { title })}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
