import { Badge, Code, Text } from '@chakra-ui/react';
import type { ColumnDef } from '../../../models/resource';
import { t } from '../../i18n';
import { formatDateTime } from './format';

/** One table cell, rendered by the column's kind. */
export function CellValue({ column, value }: { column: ColumnDef; value: unknown }) {
  switch (column.kind) {
    case 'status': {
      const active = value === 1;
      return (
        <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
          {t(active ? 'common.statusActive' : 'common.statusDisabled')}
        </Badge>
      );
    }
    case 'bool':
      return (
        <Badge colorPalette={value ? 'green' : 'red'} variant="subtle">
          {t(value ? 'common.yes' : 'common.no')}
        </Badge>
      );
    case 'enum': {
      const option = column.options?.find((o) => String(o.value) === String(value));
      return <>{option ? t(option.label) : String(value ?? '')}</>;
    }
    case 'datetime':
      return <Text as="span" whiteSpace="nowrap">{formatDateTime(value)}</Text>;
    case 'code':
      return (
        <Code size="sm" maxW="320px" truncate display="block" title={String(value ?? '')}>
          {String(value ?? '')}
        </Code>
      );
    case 'tags':
      return <>{Array.isArray(value) ? value.join(', ') : ''}</>;
    default:
      return <>{value === null || value === undefined || value === '' ? '—' : String(value)}</>;
  }
}
