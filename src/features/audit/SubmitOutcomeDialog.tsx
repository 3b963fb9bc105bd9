import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { DraggableDialog } from '../../components/DraggableDialog';
import { t } from '../../i18n';
import type { SubmitAudit } from './useSubmitAudit';

/** The words behind a refused submission (level 2) or a warned one (level 1). */
export function SubmitOutcomeDialog({ submit }: { submit: SubmitAudit }) {
  const o = submit.outcome;
  return (
    <DraggableDialog
      open={o !== null}
      onClose={submit.close}
      title={o?.kind === 'refused' ? t('audit.submit.refusedTitle') : t('audit.submit.warnedTitle')}
      width={460}
      testId="submit-outcome"
      footer={
        <Button size="sm" onClick={submit.close} data-testid="submit-outcome-ok">
          {t('common.ok')}
        </Button>
      }
    >
      {o && (
        <Stack gap="3" data-kind={o.kind}>
          <Text fontSize="sm">{t(o.kind === 'refused' ? 'audit.submit.refused' : 'audit.submit.warned')}</Text>
          <HStack gap="1.5" flexWrap="wrap" data-testid="submit-outcome-words">
            {o.words.map((w) => (
              <Badge key={w.title} colorPalette={w.level === 2 ? 'red' : 'yellow'} size="md">
                {w.title} · {t(w.level === 2 ? 'audit.page.level2' : 'audit.page.level1')}
              </Badge>
            ))}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {o.message}
          </Text>
        </Stack>
      )}
    </DraggableDialog>
  );
}
