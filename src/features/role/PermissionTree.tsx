import { useEffect, useMemo } from 'react';
import { Box, Checkbox, HStack, Spinner, Stack } from '@chakra-ui/react';
import { buildTree, walkTree, type Menu } from '../../../models/menu';
import { MAX_PAGE_SIZE } from '../../../models/constants';
import { get } from '../../api/http';
import { createStore, useStore } from '../../app/store';
import { menuTitle, t } from '../../i18n';

type Node = Menu & { children: Node[] };
const menusStore = createStore<Menu[] | null>(null);

/** Keys of a node and everything below it. */
const keysUnder = (node: Node): string[] => [...walkTree([node])].map((n) => n.key);

/** Checking a node checks its whole subtree; a node is indeterminate when only part of it is checked. */
function TreeNode({ node, value, onChange, depth }: { node: Node; value: Set<string>; onChange: (next: Set<string>) => void; depth: number }) {
  const keys = keysUnder(node);
  const checkedCount = keys.filter((k) => value.has(k)).length;
  const state = checkedCount === 0 ? false : checkedCount === keys.length ? true : 'indeterminate';
  const toggle = (checked: boolean) => {
    const next = new Set(value);
    for (const k of keys) if (checked) next.add(k);
    else next.delete(k);
    onChange(next);
  };
  return (
    <Box>
      <HStack pl={`${depth * 18}px`} py="0.5">
        <Checkbox.Root size="sm" checked={state} onCheckedChange={(e) => toggle(e.checked === true)} data-testid={`perm-${node.key}`}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight={node.children.length ? 'semibold' : 'normal'}>{menuTitle(node.title)}</Checkbox.Label>
        </Checkbox.Root>
      </HStack>
      {node.children.map((c) => (
        <TreeNode key={c.id} node={c} value={value} onChange={onChange} depth={depth + 1} />
      ))}
    </Box>
  );
}

/** The role's permissions as the menu tree with checkboxes; the value is the list of checked menu keys. */
export default function PermissionTree({ value, onChange }: { value: string[]; onChange: (keys: string[]) => void }) {
  const menus = useStore(menusStore);
  useEffect(() => {
    get<Menu[]>('/menu/index', { page: 1, limit: MAX_PAGE_SIZE })
      .then(({ data }) => menusStore.set(data))
      .catch(() => menusStore.set([]));
  }, []);
  const tree = useMemo(() => (menus ? (buildTree(menus) as Node[]) : []), [menus]);
  const selected = useMemo(() => new Set(value), [value]);
  if (!menus) return <Spinner size="sm" />;
  const allKeys = menus.map((m) => m.key);
  return (
    <Stack gap="0" borderWidth="1px" rounded="md" p="2" maxH="340px" overflowY="auto" data-testid="permission-tree">
      <Checkbox.Root
        size="sm"
        mb="1"
        checked={selected.size === 0 ? false : allKeys.every((k) => selected.has(k)) ? true : 'indeterminate'}
        onCheckedChange={(e) => onChange(e.checked === true ? allKeys : [])}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('resources.role.checkAll')}</Checkbox.Label>
      </Checkbox.Root>
      {tree.map((n) => (
        <TreeNode key={n.id} node={n} value={selected} onChange={(next) => onChange([...next])} depth={0} />
      ))}
    </Stack>
  );
}
