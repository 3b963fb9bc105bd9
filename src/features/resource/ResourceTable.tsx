import type { ReactNode } from 'react';
import { Box, Checkbox, EmptyState, HStack, IconButton, Skeleton, Table } from '@chakra-ui/react';
import { Inbox, Pencil, Trash2 } from 'lucide-react';
import type { ColumnDef, ResourceDef } from '../../../models/resource';
import type { Row } from '../../../machines/resourceList.machine';
import { t } from '../../i18n';
import { CellValue } from './CellValue';
import type { ResourceList } from './useResourceList';

export interface ResourceTableProps {
  def: ResourceDef;
  list: ResourceList;
  rows: Row[];
  onEdit?: (id: number) => void;
  renderCell?: (column: ColumnDef, row: Row) => ReactNode | undefined;
  rowActions?: (row: Row) => ReactNode;
}

// The actions column stays at the table's right edge while the rest scrolls sideways (a phone's narrow
// window), so a row's edit and delete are always within reach. It follows its row's hover.
const stickyEnd = { position: 'sticky', insetInlineEnd: 0, zIndex: 1, bg: 'bg', boxShadow: { base: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)', md: 'none' } } as const;

export function ResourceTable({ def, list, rows, onEdit, renderCell, rowActions }: ResourceTableProps) {
  const { columns } = def.list;
  const selectable = def.actions.includes('delete');
  const hasActions = Boolean(onEdit) || selectable || Boolean(rowActions);
  const allChecked = rows.length > 0 && list.selected.length === rows.length;
  const span = columns.length + (selectable ? 1 : 0) + (hasActions ? 1 : 0);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" interactive stickyHeader data-testid={`table-${def.name}`}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            {selectable && (
              <Table.ColumnHeader w="40px">
                <Checkbox.Root size="sm" checked={allChecked ? true : list.selected.length ? 'indeterminate' : false} onCheckedChange={list.toggleAll} aria-label={t('common.all')}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
            {columns.map((c) => (
              <Table.ColumnHeader key={c.name} w={c.width ? `${c.width}px` : undefined} display={c.wide ? { base: 'none', md: 'table-cell' } : undefined} whiteSpace="nowrap">
                {t(`resources.${def.name}.fields.${c.name}`)}
              </Table.ColumnHeader>
            ))}
            {hasActions && (
              <Table.ColumnHeader textAlign="end" {...stickyEnd} bg="bg.muted">
                {t('common.actions')}
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.busy && rows.length === 0
            ? Array.from({ length: 5 }, (_, i) => (
                <Table.Row key={i}>
                  <Table.Cell colSpan={span}>
                    <Skeleton height="18px" />
                  </Table.Cell>
                </Table.Row>
              ))
            : rows.map((row) => (
                <Table.Row key={row.id} data-testid={`row-${row.id}`} data-selected={list.selected.includes(row.id) ? '' : undefined}>
                  {selectable && (
                    <Table.Cell>
                      <Checkbox.Root size="sm" checked={list.selected.includes(row.id)} onCheckedChange={() => list.toggleRow(row.id)} aria-label={String(row.id)}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                  )}
                  {columns.map((c) => (
                    <Table.Cell key={c.name} display={c.wide ? { base: 'none', md: 'table-cell' } : undefined}>
                      {renderCell?.(c, row) ?? <CellValue column={c} value={row[c.name]} />}
                    </Table.Cell>
                  ))}
                  {hasActions && (
                    <Table.Cell textAlign="end" {...stickyEnd} css={{ 'tr:hover > &': { bg: 'colorPalette.subtle' } }}>
                      <HStack gap="1" justify="flex-end">
                        {rowActions?.(row)}
                        {onEdit && (
                          <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} title={t('common.edit')} onClick={() => onEdit(row.id)} data-testid={`edit-${row.id}`}>
                            <Pencil />
                          </IconButton>
                        )}
                        {selectable && (
                          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('common.delete')} title={t('common.delete')} onClick={() => list.requestDelete([row.id])} data-testid={`delete-${row.id}`}>
                            <Trash2 />
                          </IconButton>
                        )}
                      </HStack>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
      {list.empty && (
        <Box py="8">
          <EmptyState.Root size="sm" data-testid="empty-state">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Inbox />
              </EmptyState.Indicator>
              <EmptyState.Title>{t('common.empty')}</EmptyState.Title>
              <EmptyState.Description>{t('common.emptyHint')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        </Box>
      )}
    </Table.ScrollArea>
  );
}
