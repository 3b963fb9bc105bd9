import { Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { t } from '../../i18n';
import { OptionSelect } from '../../components/OptionSelect';
import type { ColumnNode } from './useColumns';

/** The site's columns, to narrow the list to one; a select on narrow screens. */
export function ColumnTree({ columns, busy, selected, onSelect }: { columns: ColumnNode[]; busy: boolean; selected: number | undefined; onSelect: (id: number | undefined) => void }) {
  return (
    <>
      <Box display={{ base: 'block', lg: 'none' }}>
        <OptionSelect
          size="sm"
          testId="column-select"
          value={selected}
          options={columns.map((c) => ({ value: c.id, label: `${'— '.repeat(c.depth)}${c.title}` }))}
          emptyLabel={t('content.allColumns')}
          onChange={(v) => onSelect(v === undefined ? undefined : Number(v))}
        />
      </Box>
      <Box display={{ base: 'none', lg: 'block' }} w="200px" flexShrink={0} borderWidth="1px" rounded="md" bg="bg" p="2" data-testid="column-tree">
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" px="2" pb="1">
          {t('content.columns')}
        </Text>
        {busy && !columns.length ? (
          <Stack>
            <Skeleton h="20px" />
            <Skeleton h="20px" />
          </Stack>
        ) : (
          <Stack gap="0.5">
            <Button size="xs" justifyContent="flex-start" variant={selected === undefined ? 'subtle' : 'ghost'} onClick={() => onSelect(undefined)}>
              {t('content.allColumns')}
            </Button>
            {columns.map((c) => (
              <Button
                key={c.id}
                size="xs"
                justifyContent="flex-start"
                pl={`${8 + c.depth * 14}px`}
                variant={selected === c.id ? 'subtle' : 'ghost'}
                colorPalette={selected === c.id ? 'blue' : 'gray'}
                onClick={() => onSelect(c.id)}
                data-testid={`column-${c.id}`}
                title={c.title}
              >
                <Text truncate>{c.title}</Text>
              </Button>
            ))}
            {!columns.length && (
              <Text fontSize="xs" color="fg.muted" px="2">
                {t('content.noColumns')}
              </Text>
            )}
          </Stack>
        )}
      </Box>
    </>
  );
}
