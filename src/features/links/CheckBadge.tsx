import { Badge, HStack } from '@chakra-ui/react';
import type { FriendLink } from '../../../models/friendLink';
import { t } from '../../i18n';

const PALETTE: Record<string, string> = { found: 'green', missing: 'red', nofollow: 'orange', wrong_anchor: 'yellow', fetch_error: 'gray' };

/** The outcome of a back-link check ('' = never checked), its meaning on hover. */
export function CheckBadge({ status, testId }: { status: string; testId?: string }) {
  if (!status) {
    return (
      <Badge size="sm" variant="outline" colorPalette="gray" data-testid={testId}>
        {t('links.never')}
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="subtle" colorPalette={PALETTE[status] ?? 'gray'} title={t(`links.statusHint.${status}`)} data-testid={testId} data-status={status}>
      {t(`links.status.${status}`)}
    </Badge>
  );
}

/** Expired and back-link-missing flags of a link. */
export function LinkFlags({ flags, id }: { flags: FriendLink['flags']; id: number }) {
  if (!flags.length) return null;
  return (
    <HStack gap="1" display="inline-flex">
      {flags.map((f) => (
        <Badge key={f} size="xs" variant="surface" colorPalette={f === 'expired' ? 'orange' : 'red'} data-testid={`flag-${f}-${id}`}>
          {t(`links.flags.${f}`)}
        </Badge>
      ))}
    </HStack>
  );
}
