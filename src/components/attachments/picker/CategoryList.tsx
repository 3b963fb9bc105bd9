import { Box, Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Folder, FolderOpen } from 'lucide-react';
import { ROOT_ID } from '../../../../machines/attachmentCategoryTree.machine';
import { t } from '../../../i18n';
import type { PickerLibrary } from './usePickerLibrary';

/** The categories to browse: a list beside the grid on wide screens, a select above it on narrow ones. */
export function CategoryList({ library }: { library: PickerLibrary }) {
  const nodes = [{ id: ROOT_ID, title: t('picker.allCategories'), depth: 0 }, ...library.categories.map((r) => ({ id: r.category.id, title: r.category.title, depth: r.depth }))];
  return (
    <>
      <Field.Root hideFrom="md">
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label={t('picker.categories')}
            data-testid="picker-category-select"
            value={String(library.cateId)}
            onChange={(e) => library.selectCategory(Number(e.currentTarget.value))}
          >
            {nodes.map((n) => (
              <option key={n.id} value={n.id}>
                {`${n.depth === 2 ? '— ' : ''}${n.title}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Box hideBelow="md" w="180px" flexShrink={0} borderWidth="1px" rounded="md" p="1" maxH="420px" overflowY="auto" data-testid="picker-categories">
        <Text fontSize="xs" color="fg.muted" px="2" py="1">
          {t('picker.categories')}
        </Text>
        <Stack gap="0.5">
          {nodes.map((n) => {
            const active = n.id === library.cateId;
            const Icon = active ? FolderOpen : Folder;
            return (
              <Button
                key={n.id}
                size="xs"
                variant={active ? 'subtle' : 'ghost'}
                colorPalette={active ? 'blue' : 'gray'}
                justifyContent="flex-start"
                pl={n.depth === 2 ? '6' : '2'}
                aria-current={active ? 'true' : undefined}
                data-testid={`picker-category-${n.id}`}
                onClick={() => library.selectCategory(n.id)}
              >
                <Icon size={14} />
                <Text as="span" truncate>
                  {n.title}
                </Text>
              </Button>
            );
          })}
        </Stack>
      </Box>
    </>
  );
}
