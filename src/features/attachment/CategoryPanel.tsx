import { Box, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FolderOpen, FolderTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { ROOT_ID } from '../../../machines/attachmentCategoryTree.machine';
import { t } from '../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { FormDialog } from './FormDialog';
import type { CategoryTree } from './useCategoryTree';

// The category tree: the root ("top level") over two levels of categories. The selected node shows
// its actions: add on the root and top-level categories only, edit and delete never on the root.

function NodeActions({ tree }: { tree: CategoryTree }) {
  const action = (label: string, onClick: () => void, icon: React.ReactNode, testId: string, palette = 'gray') => (
    <IconButton size="2xs" variant="ghost" colorPalette={palette} aria-label={label} title={label} onClick={(e) => (e.stopPropagation(), onClick())} data-testid={testId}>
      {icon}
    </IconButton>
  );
  return (
    <HStack gap="0" flexShrink={0}>
      {tree.canAdd && action(t('attachment.tree.add'), tree.add, <Plus />, 'cate-add', 'blue')}
      {tree.canEdit && action(t('attachment.tree.edit'), tree.edit, <Pencil />, 'cate-edit')}
      {tree.canDelete && action(t('attachment.tree.delete'), tree.remove, <Trash2 />, 'cate-delete', 'red')}
    </HStack>
  );
}

function Node({ tree, id, title, depth, count }: { tree: CategoryTree; id: number; title: string; depth: 0 | 1 | 2; count?: number }) {
  const selected = tree.selected === id;
  return (
    <HStack
      gap="1"
      pl={`${6 + depth * 14}px`}
      pr="1"
      minH="8"
      rounded="sm"
      cursor="pointer"
      bg={selected ? 'blue.subtle' : undefined}
      color={selected ? 'blue.fg' : undefined}
      _hover={{ bg: selected ? 'blue.subtle' : 'bg.muted' }}
      onClick={() => tree.select(id)}
      role="treeitem"
      aria-selected={selected}
      aria-level={depth + 1}
      data-testid={`cate-node-${id}`}
    >
      {depth === 0 ? <FolderTree size={14} /> : <FolderOpen size={14} />}
      <Text fontSize="sm" truncate flex="1" minW="0" title={title}>
        {title}
      </Text>
      {count !== undefined && !selected && (
        <Text fontSize="xs" color="fg.muted">
          {count}
        </Text>
      )}
      {selected && <NodeActions tree={tree} />}
    </HStack>
  );
}

export function CategoryPanel({ tree }: { tree: CategoryTree }) {
  const editing = tree.form.mode === 'edit';
  return (
    <Box borderWidth="1px" rounded="md" bg="bg" p="2" w={{ base: 'full', lg: '240px' }} flexShrink={0} data-testid="cate-tree">
      <HStack justify="space-between" px="1" pb="1">
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
          {t('attachment.tree.title')}
        </Text>
      </HStack>
      {tree.failed && <LoadError message={tree.error ?? t('attachment.tree.failed')} onRetry={tree.reload} />}
      {tree.busy && !tree.rows.length ? (
        <Stack>
          <Skeleton h="20px" />
          <Skeleton h="20px" />
        </Stack>
      ) : (
        <Stack gap="0.5" role="tree" maxH={{ base: '220px', lg: 'none' }} overflowY="auto">
          <Node tree={tree} id={ROOT_ID} title={t('attachment.tree.root')} depth={0} />
          {tree.rows.map(({ category, depth }) => (
            <Node key={category.id} tree={tree} id={category.id} title={category.title} depth={depth} count={category.attachment_count} />
          ))}
          {!tree.rows.length && (
            <Text fontSize="xs" color="fg.muted" px="2" py="1">
              {t('attachment.tree.empty')}
            </Text>
          )}
        </Stack>
      )}
      <FormDialog
        form={tree.form}
        resource="attachmentCateForm"
        title={t(editing ? 'attachment.cateForm.editTitle' : 'attachment.cateForm.createTitle')}
        testId="form-attachmentCate"
        fields={[
          { name: 'parent_id', kind: 'select', required: true, options: { kind: 'static', options: tree.parentOptions }, hint: 'attachment.cateForm.parentHint' },
          { name: 'title', kind: 'text', required: true },
        ]}
      />
      <ConfirmDialog
        open={tree.confirming}
        title={t('common.deleteTitle')}
        body={t('attachment.tree.deleteConfirm', { title: tree.pendingDelete?.title ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={tree.confirmDelete}
        onCancel={tree.cancelDelete}
        busy={tree.busy}
        danger
        testId="confirm-cate-delete"
      />
    </Box>
  );
}
