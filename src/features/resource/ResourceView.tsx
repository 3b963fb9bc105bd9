import type { ReactNode } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus, RefreshCw, Trash2 } from 'lucide-react';
import type { ColumnDef, ResourceDef } from '../../../models/resource';
import type { Row } from '../../../machines/resourceList.machine';
import type { Values } from '../../../machines/resourceForm.machine';
import { t } from '../../i18n';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { LoadError } from '../../components/LoadError';
import { ResourceTable } from './ResourceTable';
import { ResourceFormDialog } from './ResourceFormDialog';
import { Filters } from './Filters';
import { Pagination } from './Pagination';
import type { ResourceList } from './useResourceList';
import { useResourceForm, type ResourceForm } from './useResourceForm';
import { useResourceList } from './useResourceList';
import type { Filters as ListFilters } from '../../../machines/resourceList.machine';
import { usePermissions } from '../../app/permissions';
import { restoreFromRecycleBin } from './restoreFromRecycleBin';

export interface ResourceViewProps {
  def: ResourceDef;
  /** The list and form hooks, created by the screen so it can reload the list or open the form itself. */
  list: ResourceList;
  form: ResourceForm;
  defaults?: Values;
  /** Extra toolbar buttons after create and bulk delete. */
  toolbar?: ReactNode;
  showFilters?: boolean;
  /** Reorders the loaded rows (e.g. menus as an indented tree). */
  arrange?: (rows: Row[]) => Row[];
  renderCell?: (column: ColumnDef, row: Row) => ReactNode | undefined;
  rowActions?: (row: Row) => ReactNode;
  dialogWidth?: number;
  testId?: string;
}

/**
 * The generic resource screen (filters, toolbar, table, paging, form dialog, delete confirm) over hooks
 * the screen owns, so it can reach its list (slide groups refresh their counts after their slides change,
 * the word dictionary after an import). Deleting a soft-deleted resource says it goes to the recycle bin.
 */
export function ResourceView({ def, list, form, defaults = {}, toolbar, showFilters = true, arrange, renderCell, rowActions, dialogWidth, testId }: ResourceViewProps) {
  // An action shows only when the resource offers it and the role holds the key its routes need.
  const { mayUse } = usePermissions();
  const can = (a: 'create' | 'update' | 'delete') => def.actions.includes(a) && mayUse(def.menu);
  return (
    <Stack gap="3" data-testid={testId ?? `page-${def.name}`}>
      {showFilters && <Filters resource={def.name} filters={def.list.filters} list={list} />}
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
        {toolbar}
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
      <ResourceTable def={can('delete') ? def : { ...def, actions: def.actions.filter((a) => a !== 'delete') }} list={list} rows={arrange ? arrange(list.rows) : list.rows} onEdit={can('update') ? form.openEdit : undefined} renderCell={renderCell} rowActions={rowActions} />
      <Box>
        <Pagination page={list.query.page} limit={list.query.limit} count={list.count} onPage={list.setPage} onLimit={list.setLimit} />
      </Box>
      <ResourceFormDialog def={def} form={form} width={dialogWidth} />
      <DeleteConfirm list={list} soft={def.softDelete} />
    </Stack>
  );
}

/** The list and form of a resource screen, wired so a save reloads the list. */
export function useResourceScreen(def: ResourceDef, opts: { filters?: ListFilters; limit?: number; inUrl?: boolean; prepare?: (values: Values) => Values } = {}) {
  // Rows that go to the recycle bin are deleted at once with an undo, when the role may restore from the bin.
  const { mayUse } = usePermissions();
  const restore = restoreFromRecycleBin(def.name, def.softDelete && mayUse('recycleBin'));
  const list = useResourceList(def, { filters: opts.filters, limit: opts.limit, inUrl: opts.inUrl, restore });
  const form = useResourceForm(def, list.reload, opts.prepare);
  return { list, form };
}
