import { Badge, Box, Button, Flex, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, FileUp, Info, Pencil, Plus, RotateCcw, SendHorizontal, Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { navigateTo } from '../../app/root';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { LoadError } from '../../components/LoadError';
import { t, useT } from '../../i18n';
import { Filters } from '../resource/Filters';
import { Pagination } from '../resource/Pagination';
import { ResourceTable } from '../resource/ResourceTable';
import { useResourceList } from '../resource/useResourceList';
import { BULK, runBulk, type BulkAction } from './bulkActions';
import type { ContentListItem } from '../../../models/content';
import { ColumnTree } from './ColumnTree';
import { contentListDef } from './listDef';
import { customPaths, generalPaths, idAtEnd } from './paths';
import { useColumns } from './useColumns';
import { useContentImport } from './useContentImport';
import { ImportDialog } from './ImportDialog';
import { CheckStatusBadge } from '../audit/CheckStatusBadge';
import { SubmitOutcomeDialog } from '../audit/SubmitOutcomeDialog';
import { useSubmitAudit } from '../audit/useSubmitAudit';
import { auditAt, canSubmit } from '../../../machines/audit.machine';
import { usePermissions } from '../../app/permissions';

const LIVE_ACTIONS: BulkAction[] = ['publish', 'unpublish', 'top', 'untop', 'recommend', 'unrecommend'];

/** /Content/index (all columns, with the column tree) and /customContent/{id} (one column). */
export default function ContentListPage() {
  useT();
  const [location] = useLocation();
  const fixed = location.startsWith('/customContent/') ? idAtEnd(location) : undefined;
  const paths = fixed ? customPaths(fixed) : generalPaths;
  const columns = useColumns();
  // Deleted content goes to the recycle bin: a delete happens at once and its toast offers an undo.
  const list = useResourceList(contentListDef, { filters: fixed ? { category_id: fixed } : {}, restore: BULK.recover });
  const selectedColumn = list.query.filters.category_id === undefined ? undefined : Number(list.query.filters.category_id);
  const inRecycle = list.query.filters.deleted === 1 || list.query.filters.deleted === '1';
  const choose = (id: number | undefined) => {
    list.setFilter('category_id', id);
    list.applyFilters();
  };
  const toggleRecycle = () => {
    list.setFilter('deleted', inRecycle ? undefined : 1);
    list.applyFilters();
  };
  const column = columns.columns.find((c) => c.id === (fixed ?? selectedColumn));
  // Imports go into one list column.
  const importColumn = column && column.type === 1 ? column : undefined;
  const imp = useContentImport(importColumn?.id, list.reload);
  const submit = useSubmitAudit(list.reload);
  // Adding, editing and the column's page are pages of their own, each a permission of the role.
  const { mayOpen, mayUse } = usePermissions();
  const mayAdd = mayOpen(paths.add(fixed ?? selectedColumn));
  const mayEdit = mayOpen(paths.edit(0, fixed ?? 0));
  return (
    <Flex gap="3" direction={{ base: 'column', lg: 'row' }} align="stretch" data-testid="page-content">
      {!fixed && <ColumnTree columns={columns.columns} busy={columns.busy} selected={selectedColumn} onSelect={choose} />}
      <Stack gap="3" flex="1" minW="0">
        {/* The column's page reads and saves through the column routes. */}
        {column && mayOpen('/ColumnInfo') && mayUse('category') && (
          <HStack gap="2">
            {fixed && <Text fontWeight="semibold">{column.title}</Text>}
            <Button size="xs" variant="ghost" onClick={() => navigateTo(`/ColumnInfo?category_id=${column.id}`)} data-testid="column-info-open">
              <Info /> {t(column.type === 2 ? 'content.info.editPage' : 'content.info.open')}
            </Button>
          </HStack>
        )}
        <Filters resource="content" filters={contentListDef.list.filters} list={list} />
        <HStack gap="2" flexWrap="wrap">
          {!inRecycle && mayAdd && (
            <Button size="sm" colorPalette="blue" onClick={() => navigateTo(paths.add(fixed ?? selectedColumn))} disabled={!columns.columns.length} data-testid="content-add">
              <Plus /> {t('content.add')}
            </Button>
          )}
          {!inRecycle && (
            <Button
              size="sm"
              variant="outline"
              onClick={imp.start}
              disabled={!importColumn}
              title={importColumn ? undefined : t('content.import.pickColumn')}
              data-testid="content-import"
            >
              <FileUp /> {t('content.import.button')}
            </Button>
          )}
          {!inRecycle && (
            <Menu.Root>
              <Menu.Trigger asChild>
                <Button size="sm" variant="outline" disabled={!list.selected.length} data-testid="content-bulk">
                  {t('common.selected', { count: list.selected.length })} <ChevronDown />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {LIVE_ACTIONS.map((a) => (
                      <Menu.Item key={a} value={a} onSelect={() => void runBulk(a, list.selected, list.reload, { rows: list.rows as unknown as ContentListItem[], label: t('common.undo') })} data-testid={`bulk-${a}`}>
                        {t(`content.${a}`)}
                      </Menu.Item>
                    ))}
                    <Menu.Item value="delete" color="fg.error" onSelect={() => list.requestDelete(list.selected)} data-testid="bulk-delete">
                      {t('common.delete')}
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
          {inRecycle && (
            <Button size="sm" colorPalette="green" disabled={!list.selected.length} onClick={() => void runBulk('recover', list.selected, list.reload)} data-testid="bulk-recover">
              <RotateCcw /> {t('content.recover')}
            </Button>
          )}
          <Box flex="1" />
          <Button size="sm" variant="ghost" onClick={toggleRecycle} data-testid="toggle-recycle">
            <Trash2 /> {t(inRecycle ? 'content.viewLive' : 'content.viewRecycle')}
          </Button>
        </HStack>
        {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
        <ResourceTable
          def={{ ...contentListDef, actions: inRecycle ? [] : contentListDef.actions }}
          list={list}
          rows={list.rows}
          renderCell={(c, row) => {
            if (c.name === 'title') {
              return (
                <HStack gap="1.5">
                  {Boolean(row.is_top) && <Badge colorPalette="orange" size="xs">{t('content.top')}</Badge>}
                  {Boolean(row.is_recommend) && <Badge colorPalette="purple" size="xs">{t('content.recommend')}</Badge>}
                  <Text truncate maxW="420px" title={String(row.title)}>
                    {String(row.title)}
                  </Text>
                </HStack>
              );
            }
            if (c.name === 'check_status') return <CheckStatusBadge state={row.check_status} />;
            return undefined;
          }}
          rowActions={(row) =>
            inRecycle ? (
              <IconButton size="xs" variant="ghost" colorPalette="green" aria-label={t('content.recover')} onClick={() => void runBulk('recover', [row.id], list.reload)}>
                <RotateCcw />
              </IconButton>
            ) : (
              <>
                {canSubmit(auditAt(row.check_status)) && (
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="orange"
                    aria-label={t('audit.submit.button')}
                    title={t('audit.submit.button')}
                    loading={submit.submitting === row.id}
                    onClick={() => void submit.submit(row.id)}
                    data-testid={`submit-audit-${row.id}`}
                  >
                    <SendHorizontal />
                  </IconButton>
                )}
                {mayEdit && (
                  <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} title={t('common.edit')} onClick={() => navigateTo(paths.edit(row.id, Number(row.category_id)))} data-testid={`edit-content-${row.id}`}>
                    <Pencil />
                  </IconButton>
                )}
              </>
            )
          }
        />
        {inRecycle && list.rows.length > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {t('content.recycle')}
          </Text>
        )}
        {importColumn && <ImportDialog imp={imp} categoryId={importColumn.id} columnTitle={importColumn.title} />}
        <Pagination page={list.query.page} limit={list.query.limit} count={list.count} onPage={list.setPage} onLimit={list.setLimit} />
        <DeleteConfirm list={list} soft={true} />
        <SubmitOutcomeDialog submit={submit} />
      </Stack>
    </Flex>
  );
}

