import { useRef, useState } from 'react';
import { Box, Button, EmptyState, Flex, Grid, HStack, IconButton, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Copy, ExternalLink, Globe, Inbox, Pencil, RefreshCw, RotateCcw, Search, Trash2 } from 'lucide-react';
import { ROOT_ID } from '../../../machines/attachmentCategoryTree.machine';
import { t, useT } from '../../i18n';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { LoadError } from '../../components/LoadError';
import { OptionSelect } from '../../components/OptionSelect';
import { AttachmentTile } from '../../components/attachments/AttachmentTile';
import { kindOptions } from '../../components/attachments/attachmentKinds';
import { useUploads } from '../../components/attachments/useUploads';
import { Pagination } from '../resource/Pagination';
import { CategoryPanel } from './CategoryPanel';
import { FormDialog } from './FormDialog';
import { CompressSwitch, UploadButton, UploadPanel } from './UploadPanel';
import { useAttachmentList, type AttachmentList } from './useAttachmentList';
import { useCategoryTree, type CategoryTree } from './useCategoryTree';

// /AttachmentCate/index: the category tree on the left, the selected category's attachments on the
// right (type filter, name search, pages of 18), uploads with progress, network attachments.

function Filters({ list }: { list: AttachmentList }) {
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="filters">
      <OptionSelect
        size="sm"
        width="120px"
        ariaLabel={t('attachment.list.type')}
        testId="filter-type"
        value={list.draft.type}
        options={kindOptions.map((o) => ({ value: o.value, label: t(o.label) }))}
        emptyLabel={t('attachment.list.allTypes')}
        onChange={(v) => {
          list.setFilter('type', v);
          list.applyFilters();
        }}
      />
      <Input
        size="sm"
        flex={{ base: '1', sm: 'none' }}
        minW="100px"
        width={{ base: 'auto', sm: '180px' }}
        placeholder={t('attachment.list.name')}
        aria-label={t('attachment.list.name')}
        data-testid="filter-name"
        value={String(list.draft.name ?? '')}
        onChange={(e) => list.setFilter('name', e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && list.applyFilters()}
      />
      {/* On a phone the two buttons keep their icons only, so the filters fit one line. */}
      <Button size="sm" colorPalette="blue" onClick={list.applyFilters} data-testid="filter-apply" aria-label={t('common.search')} title={t('common.search')}>
        <Search />
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          {t('common.search')}
        </Box>
      </Button>
      <Button size="sm" variant="outline" onClick={list.resetFilters} aria-label={t('common.reset')} title={t('common.reset')}>
        <RotateCcw />
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          {t('common.reset')}
        </Box>
      </Button>
    </HStack>
  );
}

function Grid18({ list }: { list: AttachmentList }) {
  if (list.busy && !list.rows.length) {
    return (
      <Grid templateColumns="repeat(auto-fill, minmax(140px, 1fr))" gap="3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h="170px" rounded="md" />
        ))}
      </Grid>
    );
  }
  if (list.empty) {
    return (
      <Box py="10" borderWidth="1px" rounded="md" bg="bg">
        <EmptyState.Root size="sm" data-testid="empty-state">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Inbox />
            </EmptyState.Indicator>
            <EmptyState.Title>{t('attachment.list.empty')}</EmptyState.Title>
            <EmptyState.Description>{t('attachment.list.emptyHint')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      </Box>
    );
  }
  const icon = (label: string, onClick: () => void, node: React.ReactNode, testId: string, palette = 'gray') => (
    <IconButton size="2xs" variant="ghost" colorPalette={palette} aria-label={label} title={label} onClick={onClick} data-testid={testId}>
      {node}
    </IconButton>
  );
  return (
    <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(150px, 1fr))' }} gap="3" data-testid="attachment-grid" opacity={list.busy ? 0.6 : 1}>
      {list.rows.map((a) => (
        <AttachmentTile
          key={a.id}
          attachment={a}
          checked={list.selected.includes(a.id)}
          onCheck={() => list.toggleRow(a.id)}
          actions={
            <HStack gap="0" justify="space-between">
              {icon(t('attachment.list.copyUrl'), () => void list.copyUrl(a.url), <Copy />, 'attachment-copy', 'blue')}
              <IconButton asChild size="2xs" variant="ghost">
                <a href={a.url} target="_blank" rel="noreferrer noopener" title={t('attachment.list.open')} aria-label={t('attachment.list.open')}>
                  <ExternalLink />
                </a>
              </IconButton>
              {icon(t('common.edit'), () => list.edit.openEdit(a.id), <Pencil />, 'attachment-edit')}
              {icon(t('common.delete'), () => list.requestDelete([a.id]), <Trash2 />, 'attachment-delete', 'red')}
            </HStack>
          }
        />
      ))}
    </Grid>
  );
}

function Toolbar({ list, tree, uploads, compress, setCompress, fileInput }: { list: AttachmentList; tree: CategoryTree; uploads: ReturnType<typeof useUploads>; compress: boolean; setCompress: (v: boolean) => void; fileInput: React.RefObject<HTMLInputElement | null> }) {
  const cateId = tree.selected;
  return (
    <HStack gap="2" flexWrap="wrap">
      <UploadButton input={fileInput} onFiles={(files) => uploads.add(files, { cateId, compress })} />
      <Button size="sm" variant="outline" onClick={() => list.network.openCreate({ name: '', url: '', description: '', attachment_cate_id: cateId })} data-testid="network-button">
        <Globe /> {t('attachment.network.button')}
      </Button>
      <CompressSwitch checked={compress} onChange={setCompress} />
      {list.selected.length > 0 && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => list.requestDelete(list.selected)} data-testid="bulk-delete">
          <Trash2 /> {t('common.bulkDelete')} ({list.selected.length})
        </Button>
      )}
      <IconButton size="sm" variant="ghost" onClick={() => (list.reload(), tree.reload())} aria-label={t('common.refresh')} title={t('common.refresh')}>
        <RefreshCw />
      </IconButton>
      <Text fontSize="xs" color="fg.muted" data-testid="upload-destination">
        {t('attachment.upload.destination', { category: cateId === ROOT_ID ? t('attachment.edit.uncategorized') : tree.selectedTitle })}
      </Text>
    </HStack>
  );
}

export default function AttachmentsPage() {
  useT();
  const list = useAttachmentList();
  const tree = useCategoryTree(list.showCategory);
  const uploads = useUploads(() => {
    list.reload();
    tree.reload();
  });
  const [compress, setCompress] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const categoryOptions = [
    { value: ROOT_ID, label: t('attachment.edit.uncategorized') },
    ...tree.rows.map(({ category, depth }) => ({ value: category.id, label: `${depth === 2 ? '— ' : ''}${category.title}` })),
  ];
  return (
    <Flex direction={{ base: 'column', lg: 'row' }} gap="3" align="stretch" data-testid="page-attachments">
      <CategoryPanel tree={tree} />
      <Stack flex="1" minW="0" gap="3">
        <Filters list={list} />
        <Toolbar list={list} tree={tree} uploads={uploads} compress={compress} setCompress={setCompress} fileInput={fileInput} />
        <UploadPanel uploads={uploads} onResumeChoose={() => fileInput.current?.click()} />
        {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
        <Grid18 list={list} />
        <Box>
          <Pagination page={list.query.page} limit={list.query.limit} count={list.count} onPage={list.setPage} onLimit={list.setLimit} />
        </Box>
      </Stack>
      <FormDialog
        form={list.network}
        resource="attachmentForm"
        title={t('attachment.network.title')}
        testId="form-network"
        fields={[
          { name: 'name', kind: 'text', required: true },
          { name: 'url', kind: 'text', required: true, hint: 'attachment.network.urlHint' },
          { name: 'description', kind: 'textarea' },
          { name: 'attachment_cate_id', kind: 'select', options: { kind: 'static', options: categoryOptions } },
        ]}
      />
      <FormDialog
        form={list.edit}
        resource="attachmentForm"
        title={t('attachment.edit.title')}
        testId="form-attachment"
        fields={[
          { name: 'name', kind: 'text', required: true },
          { name: 'description', kind: 'textarea' },
          { name: 'attachment_cate_id', kind: 'select', options: { kind: 'static', options: categoryOptions } },
        ]}
      />
      <DeleteConfirm list={list} soft />
    </Flex>
  );
}
