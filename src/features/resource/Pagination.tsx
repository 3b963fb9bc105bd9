import { useState } from 'react';
import { Button, HStack, IconButton, Input, NativeSelect, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { LINE_JUMP_MIN } from '../../../models/constants';
import { t } from '../../i18n';

const SIZES = [10, 20, 50, 100];

/** Total, page size, previous / numbered / next pages and a jump box (minimum page 1). */
export function Pagination(p: { page: number; limit: number; count: number; onPage: (page: number) => void; onLimit: (limit: number) => void }) {
  const pages = Math.max(1, Math.ceil(p.count / p.limit));
  const [jump, setJump] = useState('');
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - p.page) <= 2);
  const goJump = () => {
    const n = Math.min(pages, Math.max(LINE_JUMP_MIN, Math.trunc(Number(jump))));
    if (Number.isFinite(n)) p.onPage(n);
    setJump('');
  };
  return (
    <HStack gap="2" flexWrap="wrap" justify="flex-end" data-testid="pagination">
      <Text fontSize="sm" color="fg.muted">
        {t('common.total', { count: p.count })}
      </Text>
      <NativeSelect.Root size="xs" width="auto">
        <NativeSelect.Field value={p.limit} onChange={(e) => p.onLimit(Number(e.currentTarget.value))} aria-label={t('common.pageSize', { size: p.limit })}>
          {(SIZES.includes(p.limit) ? SIZES : [...SIZES, p.limit].sort((a, b) => a - b)).map((s) => (
            <option key={s} value={s}>
              {t('common.pageSize', { size: s })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <IconButton size="xs" variant="outline" aria-label={t('common.prev')} disabled={p.page <= 1} onClick={() => p.onPage(p.page - 1)}>
        <ChevronLeft />
      </IconButton>
      {numbers.map((n, i) => (
        <HStack key={n} gap="1">
          {i > 0 && n - numbers[i - 1]! > 1 && <Text color="fg.muted">…</Text>}
          <Button size="xs" variant={n === p.page ? 'solid' : 'ghost'} colorPalette="blue" onClick={() => p.onPage(n)} aria-current={n === p.page ? 'page' : undefined}>
            {n}
          </Button>
        </HStack>
      ))}
      <IconButton size="xs" variant="outline" aria-label={t('common.next')} disabled={p.page >= pages} onClick={() => p.onPage(p.page + 1)}>
        <ChevronRight />
      </IconButton>
      <Input
        size="xs"
        width="52px"
        type="number"
        min={LINE_JUMP_MIN}
        max={pages}
        value={jump}
        placeholder={String(p.page)}
        onChange={(e) => setJump(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && goJump()}
        aria-label={t('common.page', { page: p.page, pages })}
      />
    </HStack>
  );
}
