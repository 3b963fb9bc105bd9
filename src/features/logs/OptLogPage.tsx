import { Text } from '@chakra-ui/react';
import { optLogResource } from '../../../models/resources';
import { ResourcePage } from '../resource/ResourcePage';
import { useT } from '../../i18n';
import { actionName, detailsSummary, typeName } from './optLogText';

export default function OptLogPage() {
  useT();
  return (
    <ResourcePage
      def={optLogResource}
      renderCell={(column, row) => {
        if (column.name === 'operation') return <span data-testid="optlog-action">{actionName(String(row.operation ?? ''))}</span>;
        if (column.name === 'content_type') return <>{typeName(String(row.content_type ?? ''))}</>;
        if (column.name !== 'content') return undefined;
        const summary = detailsSummary(String(row.content_type ?? ''), String(row.content ?? ''));
        return (
          <Text fontSize="sm" maxW="360px" lineClamp={2} title={summary} data-testid="optlog-details">
            {summary || '—'}
          </Text>
        );
      }}
    />
  );
}
