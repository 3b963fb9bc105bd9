import { Badge, Box, Button, Checkbox, EmptyState, HStack, IconButton, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { ArchiveRestore, Inbox, RefreshCw, RotateCcw, Search, Trash2 } from 'lucide-react';
import { siteOptions } from '../../../models/site';
import { t, useT } from '../../i18n';
import { useStore } from '../../app/store';
import { sitesStore } from '../../app/siteStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { OptionSelect } from '../../components/OptionSelect';
import { Pagination } from '../resource/Pagination';
import { formatDateTime } from '../resource/format';
import { recycleTypeLabel, useRecycleBin, type RecycleBin } from './useRecycleBin';

function BinFilters({ bin }: { bin: RecycleBin }) {
  const sites = useStore(sitesStore);
  const field = (name: string) => t(`recycleBin.fields.${name}`);
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="filters">
      <OptionSelect
        size="sm"
        width="160px"
        ariaLabel={field('type')}
        testId="filter-type"
        value={bin.draft.type}
        options={bin.typeNames.map((type) => ({ value: type, label: recycleTypeLabel(type) }))}
        emptyLabel={`${field('type')}: ${t('common.all')}`}
        onChange={(v) => bin.setFilter('type', v)}
      />
      <OptionSelect
        size="sm"
        width="160px"
        ariaLabel={field('site_id')}
        testId="filter-site"
        value={bin.draft.site_id}
        options={siteOptions(sites).map((s) => ({ value: s.id, label: s.label }))}
        emptyLabel={`${field('site_id')}: ${t('common.all')}`}
        onChange={(v) => bin.setFilter('site_id', v)}
      />
      <Input
        size="sm"
        width="160px"
        placeholder={field('keyword')}
        aria-label={field('keyword')}
        data-testid="filter-keyword"
        value={String(bin.draft.keyword ?? '')}
        onChange={(e) => bin.setFilter('keyword', e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && bin.applyFilters()}
      />
      <Button size="sm" colorPalette="blue" onClick={bin.applyFilters} data-testid="filter-apply">
        <Search /> {t('common.search')}
      </Button>
      <Button size="sm" variant="outline" onClick={bin.resetFilters}>
        <RotateCcw /> {t('common.reset')}
      </Button>
    </HStack>
  );
}

function BinTable({ bin }: { bin: RecycleBin }) {
  const allChecked = bin.rows.length > 0 && bin.selected.length === bin.rows.length;
  const wide = { base: 'none', md: 'table-cell' } as const;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" interactive stickyHeader data-testid="table-recycleBin">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader w="40px">
              <Checkbox.Root size="sm" checked={allChecked ? true : bin.selected.length ? 'indeterminate' : false} onCheckedChange={bin.toggleAll} aria-label={t('common.all')}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('recycleBin.fields.type')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('recycleBin.fields.title')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide} whiteSpace="nowrap">{t('recycleBin.fields.site_name')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide} whiteSpace="nowrap">{t('recycleBin.fields.deleted_by_name')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide} whiteSpace="nowrap">{t('recycleBin.fields.deleted_at')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {bin.busy && bin.rows.length === 0
            ? Array.from({ length: 5 }, (_, i) => (
                <Table.Row key={i}>
                  <Table.Cell colSpan={7}>
                    <Skeleton height="18px" />
                  </Table.Cell>
                </Table.Row>
              ))
            : bin.rows.map((row) => (
                <Table.Row key={row.key} data-testid={`bin-row-${row.key}`} data-selected={bin.selected.includes(row.key) ? '' : undefined}>
                  <Table.Cell>
                    <Checkbox.Root size="sm" checked={bin.selected.includes(row.key)} onCheckedChange={() => bin.toggleRow(row.key)} aria-label={row.title}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge variant="subtle" colorPalette="gray" whiteSpace="nowrap">
                      {recycleTypeLabel(row.type)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Text lineClamp={2} wordBreak="break-all">
                      {row.title || `#${row.id}`}
                    </Text>
                  </Table.Cell>
                  <Table.Cell display={wide}>{row.site_name ?? t('recycleBin.global')}</Table.Cell>
                  <Table.Cell display={wide}>{row.deleted_by_name || '—'}</Table.Cell>
                  <Table.Cell display={wide} whiteSpace="nowrap">
                    {formatDateTime(row.deleted_at)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justify="flex-end">
                      <IconButton size="xs" variant="ghost" colorPalette="blue" aria-label={t('recycleBin.restore')} title={t('recycleBin.restore')} onClick={() => bin.request('restore', [row.key])} data-testid={`restore-${row.key}`}>
                        <ArchiveRestore />
                      </IconButton>
                      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('recycleBin.purge')} title={t('recycleBin.purge')} onClick={() => bin.request('purge', [row.key])} data-testid={`purge-${row.key}`}>
                        <Trash2 />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
      {bin.empty && (
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

/** Every soft-deleted record the admin may see: restore or delete for good, one or many, after a confirm. */
export default function RecycleBinPage() {
  useT();
  const bin = useRecycleBin();
  const restoring = bin.pending?.action === 'restore';
  return (
    <Stack gap="3" data-testid="page-recycleBin">
      <BinFilters bin={bin} />
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" colorPalette="blue" disabled={bin.selected.length === 0} onClick={() => bin.request('restore', bin.selected)} data-testid="bulk-restore">
          <ArchiveRestore /> {t('recycleBin.restoreSelected')}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" disabled={bin.selected.length === 0} onClick={() => bin.request('purge', bin.selected)} data-testid="bulk-purge">
          <Trash2 /> {t('recycleBin.purgeSelected')}
        </Button>
        <Button size="sm" variant="ghost" onClick={bin.reload} aria-label={t('common.refresh')}>
          <RefreshCw />
        </Button>
        {bin.selected.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('common.selected', { count: bin.selected.length })}
          </Text>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('recycleBin.restoreHint')}
      </Text>
      {bin.failed && <LoadError message={bin.error} onRetry={bin.reload} />}
      <BinTable bin={bin} />
      <Box>
        <Pagination page={bin.query.page} limit={bin.query.limit} count={bin.count} onPage={bin.setPage} onLimit={bin.setLimit} />
      </Box>
      <ConfirmDialog
        open={bin.confirming}
        title={t(restoring ? 'recycleBin.restoreTitle' : 'recycleBin.purgeTitle')}
        body={t(restoring ? 'recycleBin.restoreConfirm' : 'recycleBin.purgeConfirm', { count: bin.pending?.keys.length ?? 0 })}
        confirmLabel={t(restoring ? 'recycleBin.restore' : 'recycleBin.purge')}
        cancelLabel={t('common.cancel')}
        onConfirm={bin.confirm}
        onCancel={bin.cancel}
        busy={bin.busy}
        danger={!restoring}
        testId="confirm-bin"
      />
    </Stack>
  );
}
