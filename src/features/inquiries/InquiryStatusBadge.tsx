import { Badge } from '@chakra-ui/react';
import { t } from '../../i18n';

const STATUS_PALETTE: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'green', 3: 'gray' };

/** An inquiry's status: new (orange), in progress (blue), done (green), spam (gray). */
export function InquiryStatusBadge({ status }: { status: number }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle" data-testid="inquiry-status" data-status={status}>
      {t(`resources.inquiry.statuses.${status}`)}
    </Badge>
  );
}
