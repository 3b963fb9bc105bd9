import { Box, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, CornerDownRight } from 'lucide-react';
import { navItemResource } from '../../../models/resources/navMenu';
import { moveAmongSiblings, navItemTarget } from '../../../models/navMenu';
import { MAX_PAGE_SIZE } from '../../../models/constants';
import { treeOrder } from '../../../models/tree';
import type { Row } from '../../../machines/resourceList.machine';
import { post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';

export interface NavGroup {
  id: number;
  name: string;
}

type ItemRow = Row & { id: number; parent_id: number; sort: number; depth: number; title: string };

/** One group's items as an indented tree: add (top-level or below an item), edit, delete, move up/down. */
export function NavItemsPanel({ group, onChanged }: { group: NavGroup; onChanged: () => void }) {
  const { list, form } = useResourceScreen(navItemResource, { filters: { cate_id: group.id }, limit: MAX_PAGE_SIZE, inUrl: false, prepare: navItemTarget });
  const rows = list.rows as unknown as ItemRow[];
  const move = (id: number, direction: -1 | 1) => {
    const items = moveAmongSiblings(rows, id, direction);
    if (!items.length) return;
    post('/navItem/sort', { cate_id: group.id, items })
      .then(({ msg }) => notify('success', msg))
      .catch((e: unknown) => notify('error', e instanceof Error ? e.message : String(e)))
      .finally(list.reload);
  };
  const defaults = { cate_id: group.id, parent_id: 0, link_type: 'url', url: '', sort: 0, status: 1, new_window: false, column_id: '', content_id: '' };
  return (
    <Stack gap="3" data-testid="nav-items">
      <Heading size="sm">{t('navMenus.items', { name: group.name })}</Heading>
      <ResourceView
        def={navItemResource}
        list={{ ...list, reload: () => (list.reload(), onChanged()) }}
        form={form}
        showFilters={false}
        defaults={defaults}
        arrange={(r) => treeOrder(r as unknown as ItemRow[]) as unknown as Row[]}
        renderCell={(column, raw) => {
          const row = raw as unknown as ItemRow;
          if (column.name !== 'title') return undefined;
          return (
            <HStack gap="1.5" pl={`${(row.depth ?? 0) * 20}px`} data-testid={`nav-item-${row.title}`}>
              {row.depth > 0 && (
                <Box as="span" color="fg.subtle">
                  └
                </Box>
              )}
              <Text as="span" fontWeight={row.depth === 0 ? 'medium' : 'normal'} truncate maxW="220px">
                {row.title}
              </Text>
            </HStack>
          );
        }}
        rowActions={(raw) => {
          const row = raw as unknown as ItemRow;
          return (
            <>
              <IconButton size="xs" variant="ghost" aria-label={t('navMenus.addChild')} title={t('navMenus.addChild')} onClick={() => form.openCreate({ ...defaults, parent_id: row.id })} data-testid={`add-child-${row.id}`}>
                <CornerDownRight />
              </IconButton>
              <IconButton size="xs" variant="ghost" aria-label={t('navMenus.moveUp')} title={t('navMenus.moveUp')} onClick={() => move(row.id, -1)}>
                <ArrowUp />
              </IconButton>
              <IconButton size="xs" variant="ghost" aria-label={t('navMenus.moveDown')} title={t('navMenus.moveDown')} onClick={() => move(row.id, 1)}>
                <ArrowDown />
              </IconButton>
            </>
          );
        }}
      />
    </Stack>
  );
}
