import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { AuditStepView } from '../../../models/audit';
import { t } from '../../i18n';

const DECISION_PALETTE = { pending: 'gray', approved: 'green', rejected: 'red' } as const;

/** The flow's steps: mode, each reviewer's decision in this round with its comment, the current step highlighted. */
export function AuditSteps({ steps }: { steps: readonly AuditStepView[] }) {
  if (!steps.length) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('audit.page.noSteps')}
      </Text>
    );
  }
  return (
    <Stack gap="2" data-testid="audit-steps">
      {steps.map((step, i) => (
        <Box
          key={i}
          borderWidth={step.current ? '2px' : '1px'}
          borderColor={step.current ? 'blue.solid' : 'border'}
          bg={step.current ? 'blue.subtle' : undefined}
          rounded="md"
          p="2.5"
          data-testid={`audit-step-${i + 1}`}
          data-current={step.current ? '' : undefined}
          data-passed={step.passed ? '' : undefined}
        >
          <HStack gap="1.5" mb="1.5" flexWrap="wrap">
            <Text fontWeight="semibold" fontSize="sm">
              {t('audit.flow.step', { step: i + 1 })}
            </Text>
            <Badge size="xs" variant="outline" colorPalette={step.mode === 'countersign' ? 'purple' : 'blue'}>
              {t(`audit.mode.${step.mode}`)}
            </Badge>
            {step.current && (
              <Badge size="xs" colorPalette="blue" variant="solid">
                {t('audit.page.current')}
              </Badge>
            )}
            {step.passed && (
              <Badge size="xs" colorPalette="green">
                {t('audit.page.passed')}
              </Badge>
            )}
          </HStack>
          <Stack gap="1">
            {step.reviewers.map((r) => (
              <Stack key={r.id} gap="0" data-testid={`reviewer-${i + 1}-${r.id}`} data-decision={r.decision}>
                <HStack gap="1.5" justify="space-between">
                  <Text fontSize="sm" truncate>
                    {r.name || `#${r.id}`}
                  </Text>
                  <Badge size="xs" colorPalette={DECISION_PALETTE[r.decision]}>
                    {t(`audit.page.decision.${r.decision}`)}
                  </Badge>
                </HStack>
                {r.comment && (
                  <Text fontSize="xs" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word">
                    “{r.comment}”
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
