import { Box, HStack } from '@chakra-ui/react';
import { menuResource } from '../../../models/resources';
import { buildTree } from '../../../models/menu';
import { ResourcePage } from '../resource/ResourcePage';
import type { Row } from '../../../machines/resourceList.machine';
import type { Values } from '../../../machines/resourceForm.machine';
import { menuTitle } from '../../i18n';
import { MenuIcon } from '../../components/Icon';
import { MAX_PAGE_SIZE } from '../../../models/constants';

type MenuRow = Row & { parent_id: number; sort: number; level: number; title: string; icon: string };

/** Rows in tree order with their depth, so the table reads as the menu tree. */
function arrange(rows: Row[]): Row[] {
  type Node = MenuRow & { children: Node[] };
  const out: Row[] = [];
  const visit = (nodes: Node[], depth: number) => {
    for (const n of nodes) {
      const { children, ...row } = n;
      out.push({ ...row, __depth: depth });
      visit(children, depth + 1);
    }
  };
  visit(buildTree(rows as MenuRow[]) as unknown as Node[], 0);
  // Rows whose parent is filtered out still show, at the end.
  const shown = new Set(out.map((r) => r.id));
  return [...out, ...rows.filter((r) => !shown.has(r.id))];
}

const defaults: Values = { parent_id: 0, is_menu: true, type: 1, sort: 0, hidden: false, path: '', icon: '', controller: '', action: '', params: '', guide: '', redirect: '' };
const prepare = ({ id, parent_id, key, title, path, icon, is_menu, type, controller, action, params, hidden, guide, typeless, pinned, redirect, sort }: Values): Values =>
  ({ id, parent_id, key, title, path, icon, is_menu, type, controller, action, params, hidden, guide, typeless, pinned, redirect, sort });

export default function NavPage() {
  return (
    <ResourcePage
      def={menuResource}
      defaults={defaults}
      prepare={prepare}
      arrange={arrange}
      pageSize={MAX_PAGE_SIZE}
      dialogWidth={720}
      renderCell={(column, row) => {
        if (column.name === 'title') {
          return (
            <HStack gap="1.5" pl={`${Number(row.__depth ?? 0) * 16}px`}>
              <MenuIcon name={String(row.icon ?? '')} size={14} />
              <Box as="span">{menuTitle(String(row.title))}</Box>
            </HStack>
          );
        }
        return undefined;
      }}
    />
  );
}
