import { useEffect, useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Switch, Text } from '@chakra-ui/react';
import { Copy, FolderPlus, ListChecks, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { categoryResource, categoryTypeOptions } from '../../../models/resources/sites';
import { MAX_PAGE_SIZE } from '../../../models/constants';
import { STATUS_ACTIVE, STATUS_DISABLED } from '../../../models/common';
import { t } from '../../i18n';
import { post } from '../../api/http';
import { useStore } from '../../app/store';
import { notify } from '../../components/Toaster';
import { LoadError } from '../../components/LoadError';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { refreshDynamicMenu } from '../../app/root';
import { useResourceList } from '../resource/useResourceList';
import { restoreFromRecycleBin } from '../resource/restoreFromRecycleBin';
import { ResourceTable } from '../resource/ResourceTable';
import { Filters } from '../resource/Filters';
import { columnsChanged } from './columnsStore';
import { useCategoryCopy } from './useCategoryCopy';
import { CopyDialog } from './CopyDialog';
import type { ColumnRow } from './useSiteColumns';
import { FlowDialog } from '../audit/FlowDialog';
import { usePermissions } from '../../app/permissions';

const typeLabel = (type: number) => t(categoryTypeOptions.find((o) => o.value === type)?.label ?? String(type));

/** The current site's column tree (/Category/index): status, add child, edit, delete, copy. */
export default function CategoryPage() {
  const def = categoryResource;
  const [, navigate] = useLocation();
  // Adding and editing happen on pages of their own, each a permission of the role.
  const { mayOpen, mayUse } = usePermissions();
  const mayAdd = mayOpen('/addColumn');
  // Deleted columns (and their contents) go to the recycle bin: deleted at once, with an undo.
  const list = useResourceList(def, { limit: MAX_PAGE_SIZE, restore: restoreFromRecycleBin(def.name, mayUse('recycleBin')) });
  const copy = useCategoryCopy();
  const changed = useStore(columnsChanged);
  // The column whose audit flow dialog is open (list columns hold content, so only they have a flow).
  const [flowFor, setFlowFor] = useState<{ id: number; title: string } | null>(null);
  useEffect(() => {
    if (changed) list.reload();
    // Only a change made elsewhere reloads (the list reloads itself after its own deletes).
  }, [changed]);
  // Every reload (after a delete, a status change, a switch of site) refreshes the per-column menu.
  useEffect(() => {
    void refreshDynamicMenu();
  }, [list.rows]);

  const setStatus = (row: ColumnRow, shown: boolean) =>
    post('/category/updateStatus', { id: row.id, status: shown ? STATUS_ACTIVE : STATUS_DISABLED })
      .then(({ msg }) => notify('success', msg))
      .catch((e: Error) => notify('error', e.message))
      .finally(list.reload);

  return (
    <Stack gap="3" data-testid="page-category">
      <Filters resource={def.name} filters={def.list.filters} list={list} />
      <HStack gap="2" flexWrap="wrap">
        {mayAdd && (
          <Button size="sm" colorPalette="blue" onClick={() => navigate('/addColumn')} data-testid="create">
            <Plus /> {t('common.create')}
          </Button>
        )}
        <Button size="sm" variant="outline" colorPalette="red" disabled={list.selected.length === 0} onClick={() => list.requestDelete(list.selected)} data-testid="bulk-delete">
          <Trash2 /> {t('common.bulkDelete')}
        </Button>
        <IconButton size="sm" variant="ghost" onClick={list.reload} aria-label={t('common.refresh')}>
          <RefreshCw />
        </IconButton>
        {list.selected.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('common.selected', { count: list.selected.length })}
          </Text>
        )}
      </HStack>
      {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
      <ResourceTable
        def={def}
        list={list}
        rows={list.rows}
        onEdit={mayOpen('/updateColumn') ? (id) => navigate(`/updateColumn?id=${id}`) : undefined}
        renderCell={(column, raw) => {
          const row = raw as unknown as ColumnRow;
          switch (column.name) {
            case 'title':
              return (
                <HStack gap="1.5" pl={`${row.depth * 20}px`} data-testid={`column-title-${row.id}`}>
                  {row.depth > 0 && (
                    <Box as="span" color="fg.subtle">
                      └
                    </Box>
                  )}
                  <Text as="span" fontWeight={row.depth === 0 ? 'medium' : 'normal'}>
                    {row.title}
                  </Text>
                </HStack>
              );
            case 'alias':
              return (
                <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted">
                  {row.alias}
                </Text>
              );
            case 'type':
              return (
                <Badge size="sm" variant="surface" colorPalette={row.type === 1 ? 'blue' : row.type === 2 ? 'purple' : 'orange'}>
                  {typeLabel(row.type)}
                </Badge>
              );
            case 'status':
              return (
                <Switch.Root
                  size="sm"
                  colorPalette="green"
                  checked={row.status === STATUS_ACTIVE}
                  onCheckedChange={(e) => setStatus(row, e.checked)}
                  aria-label={t(row.status === STATUS_ACTIVE ? 'category.hide' : 'category.show')}
                  data-testid={`status-${row.id}`}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                </Switch.Root>
              );
            default:
              return undefined;
          }
        }}
        rowActions={(raw) => {
          const row = raw as unknown as ColumnRow;
          return (
            <>
              {mayAdd && (
                <IconButton size="xs" variant="ghost" aria-label={t('category.addChild')} title={t('category.addChild')} onClick={() => navigate(`/addColumn?parent_id=${row.id}`)} data-testid={`add-child-${row.id}`}>
                  <FolderPlus />
                </IconButton>
              )}
              <IconButton size="xs" variant="ghost" aria-label={t('category.copy')} title={t('category.copy')} onClick={() => copy.openFor({ id: row.id, title: row.title })} data-testid={`copy-${row.id}`}>
                <Copy />
              </IconButton>
              {row.type === 1 && (
                <IconButton size="xs" variant="ghost" aria-label={t('audit.flow.open')} title={t('audit.flow.open')} onClick={() => setFlowFor({ id: row.id, title: row.title })} data-testid={`audit-flow-${row.id}`}>
                  <ListChecks />
                </IconButton>
              )}
            </>
          );
        }}
      />
      <CopyDialog copy={copy} />
      <FlowDialog open={flowFor !== null} onClose={() => setFlowFor(null)} categoryId={flowFor?.id ?? 0} title={t('audit.flow.columnTitle', { title: flowFor?.title ?? '' })} />
      <DeleteConfirm list={list} soft={true} />
    </Stack>
  );
}
