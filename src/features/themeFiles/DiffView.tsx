import { Box } from '@chakra-ui/react';
import { diffLines } from 'diff';
import { t } from '../../i18n';

/** Line diff of a saved version (−) against the current text (+). */
export function DiffView({ before, after }: { before: string; after: string }) {
  const parts = diffLines(before, after);
  const same = parts.every((p) => !p.added && !p.removed);
  return (
    <Box as="pre" fontFamily="mono" fontSize="xs" overflow="auto" borderWidth="1px" rounded="md" p="2" h="full" minH="0" m="0" data-testid="theme-diff">
      {same && <Box color="fg.muted">{t('themeFiles.noDiff')}</Box>}
      {parts.map((part, i) => {
        const sign = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        return (
          <Box
            key={i}
            bg={part.added ? 'green.subtle' : part.removed ? 'red.subtle' : undefined}
            color={part.added ? 'green.fg' : part.removed ? 'red.fg' : 'fg.muted'}
            whiteSpace="pre-wrap"
            wordBreak="break-all"
            data-change={part.added ? 'added' : part.removed ? 'removed' : 'same'}
          >
            {lines.map((line) => `${sign} ${line}`).join('\n')}
          </Box>
        );
      })}
    </Box>
  );
}
