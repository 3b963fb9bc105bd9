import { Card, Heading, Spinner } from '@chakra-ui/react';
import { LoadError } from '../../components/LoadError';
import { t } from '../../i18n';
import { AuditTrail } from './AuditTrail';
import type { ContentAuditModel } from './useContentAudit';

/** The audit trail card of the content edit page's history column. */
export function ContentAuditTrail({ audit }: { audit: ContentAuditModel }) {
  return (
    <Card.Root size="sm" data-testid="content-audit-trail">
      <Card.Header>
        <Heading size="sm">{t('audit.trail.title')}</Heading>
      </Card.Header>
      <Card.Body maxH="360px" overflowY="auto">
        {audit.failed ? (
          <LoadError message={audit.error} onRetry={audit.reload} />
        ) : audit.busy && !audit.trail.length ? (
          <Spinner size="sm" />
        ) : (
          <AuditTrail entries={audit.trail} />
        )}
      </Card.Body>
    </Card.Root>
  );
}
