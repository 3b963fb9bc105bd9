import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { diffWords } from 'diff';
import { t } from '../../i18n';

type Snapshot = Record<string, unknown>;

const FIELDS: Array<[string, string]> = [
  ['title', 'content.form.title'],
  ['subtitle', 'content.form.subtitle'],
  ['body', 'content.form.body'],
  ['description', 'content.form.description'],
  ['keywords', 'content.form.keywords'],
  ['thumbnail', 'content.form.thumbnail'],
  ['tags', 'content.form.tags'],
  ['fields', 'content.form.modelFields'],
];

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v, null, 1));

/** Word-level differences, field by field, between a revision and the current content. */
export function RevisionDiff({ from, to }: { from: Snapshot; to: Snapshot }) {
  const changed = FIELDS.filter(([k]) => text(from[k]) !== text(to[k]));
  if (!changed.length) return <Text color="fg.muted">{t('content.revisions.noChanges')}</Text>;
  return (
    <Stack gap="4" data-testid="revision-diff">
      {changed.map(([key, label]) => (
        <Box key={key}>
          <Heading size="xs" mb="1">
            {t(label)}
          </Heading>
          <Box fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" borderWidth="1px" rounded="md" p="2" bg="bg.subtle">
            {diffWords(text(from[key]), text(to[key])).map((part, i) => (
              <Box
                as="span"
                key={i}
                bg={part.added ? 'green.subtle' : part.removed ? 'red.subtle' : undefined}
                textDecoration={part.removed ? 'line-through' : undefined}
                title={part.added ? t('content.revisions.added') : part.removed ? t('content.revisions.removed') : undefined}
              >
                {part.value}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
