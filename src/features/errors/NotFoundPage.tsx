import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useT } from '../../i18n';

export default function NotFoundPage() {
  const { t } = useT();
  return (
    <EmptyState.Root py="16" data-testid="not-found">
      <EmptyState.Content>
        <EmptyState.Indicator fontSize="5xl" fontWeight="bold" color="blue.fg">
          404
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{t('notFound.title')}</EmptyState.Title>
          <EmptyState.Description>{t('notFound.body')}</EmptyState.Description>
        </VStack>
        <Button asChild size="sm" colorPalette="blue">
          <Link href="/">{t('notFound.backHome')}</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
