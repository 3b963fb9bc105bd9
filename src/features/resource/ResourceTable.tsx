import type { ReactNode } from 'react';
import { Box, Checkbox, chakra, EmptyState, HStack, IconButton, Skeleton, Table } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown, Inbox, Pencil, Trash2 } from 'lucide-react';
import type { ColumnDef, ResourceDef } from '../../../models/resource';
import type { Row } from '../../../machines/resourceList.machine';
import { t } from '../../i18n';
import { CellValue } from './CellValue';
import type { ResourceList } from './useResourceList';
import { useColumnSettings } from './useColumnSettings';
import { ColumnResizeHandle, ColumnSettingsButton } from './ColumnSettings';

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

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A sortable column's header: a button (click, Enter or Space) that toggles the order, with its arrow. */
function SortButton({ name, label, list }: { name: string; label: string; list: ResourceList }) {
  const order = list.query.sort?.by === name ? list.query.sort.order : undefined;
  const Arrow = order === 'asc' ? ArrowUp : order === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <chakra.button
      type="button"
      display="inline-flex"
      alignItems="center"
      gap="1"
      maxW="full"
      fontWeight="inherit"
      cursor="pointer"
      rounded="sm"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      onClick={() => list.toggleSort(name)}
      title={order === 'asc' ? t('listSort.asc', { column: label }) : order === 'desc' ? t('listSort.desc', { column: label }) : t('listSort.none', { column: label })}
      data-testid={`sort-${name}`}
    >
      <Box as="span" truncate>
        {label}
      </Box>
      <Box as="span" flexShrink={0} color={order ? 'fg' : 'fg.subtle'} data-testid={`sort-arrow-${name}`} data-order={order ?? 'none'} aria-hidden>
        <Arrow size={14} />
      </Box>
    </chakra.button>
  );
}

export function ResourceTable({ def, list, rows, onEdit, renderCell, rowActions }: ResourceTableProps) {
  // The admin's own column order, visibility, widths and density for this table (issue 16).
  const settings = useColumnSettings(def.name, def.list.columns);
  const columns = settings.visible;
  const label = (name: string) => t(`resources.${def.name}.fields.${name}`);
  const selectable = def.actions.includes('delete');
  const hasActions = Boolean(onEdit) || selectable || Boolean(rowActions);
  const allChecked = rows.length > 0 && list.selected.length === rows.length;
  // The last column holds the row actions and, in its header, the column settings.
  const span = columns.length + (selectable ? 1 : 0) + 1;
  const settingsButton = <ColumnSettingsButton table={def.name} settings={settings} label={label} />;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size={settings.density === 'comfortable' ? 'md' : 'sm'} interactive stickyHeader data-testid={`table-${def.name}`} data-density={settings.density}>
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
            {columns.map(({ column: c, width }) => {
              const w = width ?? c.width;
              return (
                <Table.ColumnHeader
                  key={c.name}
                  position="relative"
                  w={w ? `${w}px` : undefined}
                  minW={width ? `${width}px` : undefined}
                  maxW={width ? `${width}px` : undefined}
                  display={c.wide ? { base: 'none', md: 'table-cell' } : undefined}
                  whiteSpace="nowrap"
                  aria-sort={c.sortable ? (list.query.sort?.by === c.name ? ARIA_SORT[list.query.sort.order] : 'none') : undefined}
                  data-testid={`column-${c.name}`}
                >
                  {c.sortable ? <SortButton name={c.name} label={label(c.name)} list={list} /> : <Box truncate>{label(c.name)}</Box>}
                  <ColumnResizeHandle name={c.name} label={label(c.name)} width={width} onResize={(px) => settings.setWidth(c.name, px)} />
                </Table.ColumnHeader>
              );
            })}
            <Table.ColumnHeader textAlign="end" {...stickyEnd} bg="bg.muted" whiteSpace="nowrap" w={hasActions ? undefined : '1%'}>
              <HStack gap="1" justify="flex-end">
                {hasActions && <span>{t('common.actions')}</span>}
                {settingsButton}
              </HStack>
            </Table.ColumnHeader>
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
                  {columns.map(({ column: c, width }) => (
                    <Table.Cell key={c.name} display={c.wide ? { base: 'none', md: 'table-cell' } : undefined}>
                      {/* A width the admin set also narrows what the cell holds. */}
                      {width ? (
                        <Box maxW={`calc(${width}px - 1.5rem)`} overflow="hidden" textOverflow="ellipsis">
                          {renderCell?.(c, row) ?? <CellValue column={c} value={row[c.name]} />}
                        </Box>
                      ) : (
                        (renderCell?.(c, row) ?? <CellValue column={c} value={row[c.name]} />)
                      )}
                    </Table.Cell>
                  ))}
                  {!hasActions && <Table.Cell {...stickyEnd} />}
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
