import type { ReactNode } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LoadError } from '../../components/LoadError';
import { Plus, RefreshCw, Trash2 } from 'lucide-react';
import type { ColumnDef, ResourceDef } from '../../../models/resource';
import type { Row } from '../../../machines/resourceList.machine';
import type { Values } from '../../../machines/resourceForm.machine';
import { t } from '../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useResourceList } from './useResourceList';
import { useResourceForm } from './useResourceForm';
import { ResourceTable } from './ResourceTable';
import { ResourceFormDialog } from './ResourceFormDialog';
import { Filters } from './Filters';
import { Pagination } from './Pagination';

export interface ResourcePageProps {
  def: ResourceDef;
  /** Values of a new record. */
  defaults?: Values;
  /** Adjusts values before validation and submit (e.g. an empty password on edit means "keep"). */
  prepare?: (values: Values) => Values;
  /** Reorders the loaded rows (e.g. menus as an indented tree). */
  arrange?: (rows: Row[]) => Row[];
  renderCell?: (column: ColumnDef, row: Row) => ReactNode | undefined;
  rowActions?: (row: Row) => ReactNode;
  dialogWidth?: number;
  pageSize?: number;
}

/** The list page every plain resource gets: filters, table with selection, paging, create/edit dialog, delete. */
export function ResourcePage({ def, defaults = {}, prepare, arrange, renderCell, rowActions, dialogWidth, pageSize }: ResourcePageProps) {
  const list = useResourceList(def, { limit: pageSize });
  const form = useResourceForm(def, list.reload, prepare);
  const rows = arrange ? arrange(list.rows) : list.rows;
  const can = (a: 'create' | 'update' | 'delete') => def.actions.includes(a);
  return (
    <Stack gap="3" data-testid={`page-${def.name}`}>
      <Filters resource={def.name} filters={def.list.filters} list={list} />
      <HStack gap="2" flexWrap="wrap">
        {can('create') && (
          <Button size="sm" colorPalette="blue" onClick={() => form.openCreate(defaults)} data-testid="create">
            <Plus /> {t('common.create')}
          </Button>
        )}
        {can('delete') && (
          <Button size="sm" variant="outline" colorPalette="red" disabled={list.selected.length === 0} onClick={() => list.requestDelete(list.selected)} data-testid="bulk-delete">
            <Trash2 /> {t('common.bulkDelete')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={list.reload} aria-label={t('common.refresh')}>
          <RefreshCw />
        </Button>
        {list.selected.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('common.selected', { count: list.selected.length })}
          </Text>
        )}
      </HStack>
      {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
      <ResourceTable def={def} list={list} rows={rows} onEdit={can('update') ? form.openEdit : undefined} renderCell={renderCell} rowActions={rowActions} />
      <Box>
        <Pagination page={list.query.page} limit={list.query.limit} count={list.count} onPage={list.setPage} onLimit={list.setLimit} />
      </Box>
      <ResourceFormDialog def={def} form={form} width={dialogWidth} />
      <ConfirmDialog
        open={list.confirming}
        title={t('common.deleteTitle')}
        body={t('common.deleteConfirm', { count: list.pendingDelete.length })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={list.confirmDelete}
        onCancel={list.cancelDelete}
        busy={list.busy}
        danger
        testId="confirm-delete"
      />
    </Stack>
  );
}
