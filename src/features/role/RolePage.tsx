import { Badge } from '@chakra-ui/react';
import { roleResource } from '../../../models/resources';
import { ResourcePage } from '../resource/ResourcePage';
import type { Values } from '../../../machines/resourceForm.machine';

const defaults: Values = { status: 1, permissions: [], description: '' };
const prepare = (values: Values): Values => {
  const { admin_count: _a, created_at: _c, is_super: _s, ...rest } = values;
  return rest;
};

export default function RolePage() {
  return (
    <ResourcePage
      def={roleResource}
      defaults={defaults}
      prepare={prepare}
      dialogWidth={760}
      renderCell={(column, row) =>
        column.name === 'name' && row.is_super ? (
          <>
            {String(row.name)}{' '}
            <Badge size="sm" colorPalette="purple">
              super
            </Badge>
          </>
        ) : undefined
      }
    />
  );
}
