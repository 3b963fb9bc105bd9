import { Button, HStack, Progress, Text } from '@chakra-ui/react';
import { t } from '../../i18n';
import type { LinkCheckView } from './useLinkCheck';

/** The running back-link check: its progress and a cancel button. */
export function CheckProgress({ check }: { check: LinkCheckView }) {
  if (!check.busy) return null;
  return (
    <HStack gap="3" maxW="480px" w="full" data-testid="link-check-progress" role="status">
      <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
        {t('links.checking', { progress: check.progress })}
      </Text>
      <Progress.Root value={check.progress} size="xs" colorPalette="blue" flex="1" aria-label={t('links.check')}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {check.cancellable && (
        <Button size="xs" variant="ghost" onClick={check.cancel}>
          {t('common.cancel')}
        </Button>
      )}
    </HStack>
  );
}
