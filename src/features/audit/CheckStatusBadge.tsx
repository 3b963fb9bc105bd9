import { Badge } from '@chakra-ui/react';
import { AUDIT_STATES, type AuditState } from '../../../models/audit';
import { t } from '../../i18n';

const PALETTE: Record<AuditState, string> = { draft: 'gray', reviewing: 'orange', rejected: 'red', published: 'green' };

/** A content item's audit state as a coloured badge (content list, audit page). */
export function CheckStatusBadge({ state }: { state: unknown }) {
  const known = (AUDIT_STATES as readonly unknown[]).includes(state) ? (state as AuditState) : 'draft';
  return (
    <Badge colorPalette={PALETTE[known]} size="sm" variant="subtle" data-testid="check-status" data-state={known}>
      {t(`audit.state.${known}`)}
    </Badge>
  );
}
