import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { AuditTrailEntry } from '../../../models/audit';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';

const PALETTE: Record<AuditTrailEntry['type'], string> = { 'audit.submit': 'blue', 'audit.approve': 'green', 'audit.reject': 'red', 'audit.withdraw': 'gray' };

/** A content item's audit events, oldest first: who did what at which step, with the comment and when. */
export function AuditTrail({ entries }: { entries: readonly AuditTrailEntry[] }) {
  if (!entries.length) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('audit.trail.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="0" data-testid="audit-trail">
      {entries.map((e, i) => (
        <HStack key={e.id} align="stretch" gap="3" data-testid="trail-entry" data-type={e.type}>
          <Stack align="center" gap="0" pt="1.5">
            <Box w="2.5" h="2.5" rounded="full" bg={`${PALETTE[e.type]}.solid`} flexShrink={0} />
            {i < entries.length - 1 && <Box w="1px" flex="1" bg="border.emphasized" />}
          </Stack>
          <Stack gap="0.5" pb="3" minW="0" flex="1">
            <HStack gap="1.5" flexWrap="wrap">
              <Text fontSize="sm" fontWeight="medium">
                {e.by_name || `#${e.by}`}
              </Text>
              <Badge size="xs" colorPalette={PALETTE[e.type]}>
                {t(`audit.trail.type.${e.type.slice('audit.'.length)}`)}
              </Badge>
              {e.step > 0 && (
                <Text fontSize="xs" color="fg.muted">
                  {t('audit.trail.atStep', { step: e.step })}
                </Text>
              )}
              {e.type === 'audit.reject' && e.to_step !== null && (
                <Text fontSize="xs" color="fg.muted">
                  → {t('audit.trail.toStep', { step: e.to_step })}
                </Text>
              )}
            </HStack>
            {e.comment && (
              <Text fontSize="sm" color="fg" bg="bg.muted" px="2" py="1" rounded="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                {e.comment}
              </Text>
            )}
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(e.created_at)}
            </Text>
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
