import { Badge } from '@chakra-ui/react';
import { t } from '../../i18n';

const STATUS_PALETTE: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'green' };

/** An inquiry's status: unread (orange), read (blue), handled (green). */
export function InquiryStatusBadge({ status }: { status: number }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle" data-testid="inquiry-status">
      {t(`resources.inquiry.statuses.${status}`)}
    </Badge>
  );
}

