import { useRef, useState } from 'react';
import { Badge, Box, Button, Card, EmptyState, Grid, HStack, IconButton, Input, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { Check, ChevronLeft, ChevronRight, FileText, Plus, RefreshCw, Search, Tags } from 'lucide-react';
import { t, useT } from '../../i18n';
import { LoadError } from '../../components/LoadError';
import { useTagGenerator, type TagGenerator } from './useTagGenerator';

function ContentPicker({ gen }: { gen: TagGenerator }) {
  const search = useRef<HTMLInputElement>(null);
  const pages = Math.max(1, Math.ceil(gen.count / gen.limit));
  return (
    <Card.Root size="sm" data-testid="tag-picker">
      <Card.Header>
        <Card.Title fontSize="sm">{t('marketing.tagGenerator.contents')}</Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        <HStack gap="2">
          <Input
            ref={search}
            size="sm"
            placeholder={t('marketing.tagGenerator.search')}
            aria-label={t('marketing.tagGenerator.search')}
            defaultValue={gen.keyword}
            data-testid="picker-search"
            onKeyDown={(e) => e.key === 'Enter' && gen.search(e.currentTarget.value)}
          />
          <IconButton size="sm" colorPalette="blue" aria-label={t('common.search')} title={t('common.search')} onClick={() => gen.search(search.current?.value ?? '')}>
            <Search />
          </IconButton>
        </HStack>
        {gen.pickerFailed && <LoadError message={gen.pickerError} onRetry={gen.reloadContents} />}
        <Stack gap="1" minH="120px">
          {gen.pickerBusy && gen.contents.length === 0
            ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height="42px" />)
            : gen.contents.map((c) => {
                const active = gen.content?.id === c.id;
                return (
                  <Box
                    key={c.id}
                    as="button"
                    textAlign="start"
                    px="3"
                    py="2"
                    rounded="md"
                    borderWidth="1px"
                    borderColor={active ? 'blue.solid' : 'border'}
                    bg={active ? 'blue.subtle' : 'bg'}
                    _hover={{ bg: active ? 'blue.subtle' : 'bg.muted' }}
                    onClick={() => gen.pick(c.id, c.title)}
                    data-testid={`pick-${c.id}`}
                    aria-pressed={active}
                  >
                    <Text fontSize="sm" fontWeight="medium" lineClamp={1} wordBreak="break-all">
                      {c.title}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" lineClamp={1}>
                      {c.category_title || t('marketing.tagGenerator.untitledColumn')} · {t('marketing.tagGenerator.tagCount', { count: c.tags.length })}
                    </Text>
                  </Box>
                );
              })}
          {!gen.pickerBusy && !gen.pickerFailed && gen.contents.length === 0 && (
            <Text fontSize="sm" color="fg.muted" py="4" textAlign="center" data-testid="picker-empty">
              {gen.keyword ? t('common.emptyHint') : t('marketing.tagGenerator.noContents')}
            </Text>
          )}
        </Stack>
        <HStack justify="space-between">
          <Text fontSize="xs" color="fg.muted">
            {t('common.total', { count: gen.count })}
          </Text>
          <HStack gap="1">
            <IconButton size="xs" variant="outline" aria-label={t('common.prev')} disabled={gen.page <= 1 || gen.pickerBusy} onClick={() => gen.setPage(gen.page - 1)}>
              <ChevronLeft />
            </IconButton>
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
              {t('common.page', { page: gen.page, pages })}
            </Text>
            <IconButton size="xs" variant="outline" aria-label={t('common.next')} disabled={gen.page >= pages || gen.pickerBusy} onClick={() => gen.setPage(gen.page + 1)}>
              <ChevronRight />
            </IconButton>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function Suggestions({ gen }: { gen: TagGenerator }) {
  const [custom, setCustom] = useState('');
  const addCustom = () => {
    if (!gen.canAdd(custom)) return;
    gen.add(custom);
    setCustom('');
  };
  if (gen.noContent) {
    return (
      <Card.Root size="sm">
        <Card.Body>
          <EmptyState.Root size="sm" data-testid="tag-generator-hint">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Tags />
              </EmptyState.Indicator>
              <EmptyState.Description>{t('marketing.tagGenerator.pickHint')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        </Card.Body>
      </Card.Root>
    );
  }
  const suggestions = gen.suggested?.suggestions ?? [];
  const typed = gen.chosen.filter((n) => !suggestions.some((s) => s.name === n));
  return (
    <Card.Root size="sm" data-testid="tag-suggestions">
      <Card.Header>
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <HStack gap="2" minW="0">
            <FileText size={16} />
            <Card.Title fontSize="sm" lineClamp={1} wordBreak="break-all">
              {gen.content?.title}
            </Card.Title>
          </HStack>
          <Button size="xs" variant="ghost" onClick={gen.reloadSuggestions} disabled={!gen.choosing && !gen.suggestFailed}>
            <RefreshCw /> {t('marketing.tagGenerator.reload')}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        {gen.suggestFailed && <LoadError message={gen.error} onRetry={gen.reloadSuggestions} />}
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium">
            {t('marketing.tagGenerator.current')}
          </Text>
          {gen.suggesting ? (
            <Skeleton height="24px" />
          ) : (
            <Wrap gap="2" data-testid="current-tags">
              {(gen.suggested?.tags ?? []).map((tag) => (
                <Badge key={tag.id} colorPalette="green" variant="subtle" size="md">
                  {tag.name}
                </Badge>
              ))}
              {gen.suggested && gen.suggested.tags.length === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  {t('marketing.tagGenerator.noTags')}
                </Text>
              )}
            </Wrap>
          )}
        </Stack>
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium">
            {t('marketing.tagGenerator.suggestions')}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t('marketing.tagGenerator.suggestHint')}
          </Text>
          {gen.suggesting ? (
            <Skeleton height="64px" />
          ) : (
            <Wrap gap="2" data-testid="suggestion-chips">
              {suggestions.map((s) => {
                const chosen = gen.chosen.includes(s.name);
                return (
                  <Button
                    key={s.name}
                    size="xs"
                    rounded="full"
                    variant={chosen ? 'solid' : s.attached ? 'subtle' : 'outline'}
                    colorPalette={s.attached ? 'green' : 'blue'}
                    disabled={!gen.canToggle(s.name)}
                    onClick={() => gen.toggle(s.name)}
                    aria-pressed={chosen}
                    title={s.attached ? t('marketing.tagGenerator.attached') : s.tag_id ? t('marketing.tagGenerator.existing') : undefined}
                    data-testid={`chip-${s.name}`}
                  >
                    {(chosen || s.attached) && <Check />}
                    {s.name}
                    {s.tag_id !== null && !s.attached && (
                      <Badge size="xs" colorPalette="purple" variant={chosen ? 'solid' : 'subtle'}>
                        {t('marketing.tagGenerator.existing')}
                      </Badge>
                    )}
                  </Button>
                );
              })}
              {typed.map((name) => (
                <Button key={name} size="xs" rounded="full" variant="solid" colorPalette="blue" aria-pressed onClick={() => gen.toggle(name)} data-testid={`chip-${name}`}>
                  <Check /> {name}
                </Button>
              ))}
              {gen.suggested && suggestions.length === 0 && typed.length === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  {t('marketing.tagGenerator.noSuggestions')}
                </Text>
              )}
            </Wrap>
          )}
        </Stack>
        <HStack gap="2" maxW="420px">
          <Input
            size="sm"
            placeholder={t('marketing.tagGenerator.customPlaceholder')}
            aria-label={t('marketing.tagGenerator.custom')}
            value={custom}
            onChange={(e) => setCustom(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && addCustom()}
            disabled={!gen.choosing}
            data-testid="custom-tag"
          />
          <Button size="sm" variant="outline" onClick={addCustom} disabled={!gen.canAdd(custom)}>
            <Plus /> {t('marketing.tagGenerator.add')}
          </Button>
        </HStack>
        <HStack gap="3" flexWrap="wrap">
          <Button size="sm" colorPalette="blue" onClick={gen.attach} disabled={!gen.canAttach} loading={gen.attaching} data-testid="attach-tags">
            <Tags /> {t('marketing.tagGenerator.attach')}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('marketing.tagGenerator.chosen', { count: gen.chosen.length })}
          </Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The tag generator (/ContentTag/index): pick content, get keyword suggestions as chips, attach the chosen ones. */
export default function TagGeneratorPage() {
  useT();
  const gen = useTagGenerator();
  return (
    <Grid templateColumns={{ base: '1fr', lg: '360px 1fr' }} gap="4" alignItems="start" data-testid="page-contentTag">
      <ContentPicker gen={gen} />
      <Suggestions gen={gen} />
    </Grid>
  );
}
