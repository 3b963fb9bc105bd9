import { Alert, Badge, Button, Card, DataList, EmptyState, HStack, Image, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, ExternalLink, History, Pencil, SearchCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { jumpOptions, linkTypeOptions, siteTypeOptions } from '../../../models/resources/links';
import type { Option } from '../../../models/resource';
import { hasKey, t } from '../../i18n';
import { leaveTo } from '../../app/root';
import { usePermissions } from '../../app/permissions';
import { LoadError } from '../../components/LoadError';
import { formatDateTime } from '../resource/format';
import { CheckBadge, LinkFlags } from './CheckBadge';
import { CheckProgress } from './CheckProgress';
import { useLinkInfo } from './useLinkInfo';
import { INFO_PATH, LIST_PATH, UPDATE_PATH } from './linksStore';

/** A fetch failure ("timeout", "http_status: 404") in words, with its particulars. */
function fetchReason(detail: string): string {
  const [reason = '', ...rest] = detail.split(': ');
  if (!hasKey(`links.fetchReasons.${reason}`)) return detail;
  const extra = rest.join(': ');
  return t(`links.fetchReasons.${reason}`) + (extra && reason === 'http_status' ? ` (${extra})` : '');
}

const optionLabel = (options: readonly Option[], value: number) => t(options.find((o) => o.value === value)?.label ?? String(value));

/** One friendly link (/linkInfo?id=): its fields, its back-link check records, check now. */
export default function LinkInfoPage() {
  const info = useLinkInfo();
  const [, navigate] = useLocation();
  const { mayOpen, mayUse } = usePermissions();
  const leave = () => leaveTo(LIST_PATH, [INFO_PATH]);
  const { link } = info;
  if (info.missingId || (!info.busy && !info.failed && !link)) {
    return (
      <Stack gap="3" data-testid="page-linkInfo">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t(info.missingId ? 'links.missingId' : 'links.notFound')}</Alert.Title>
        </Alert.Root>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={leave}>
          <ArrowLeft /> {t('links.back')}
        </Button>
      </Stack>
    );
  }
  const field = (name: string) => t(`resources.link.fields.${name}`);
  const rows: Array<[string, ReactNode]> = link
    ? [
        ['url', <Link href={link.url} target="_blank" rel="noopener noreferrer" color="blue.fg" wordBreak="break-all">{link.url} <ExternalLink size={12} /></Link>],
        ['link_type', optionLabel(linkTypeOptions, link.link_type)],
        ['site_type', optionLabel(siteTypeOptions, link.site_type)],
        ['jump', optionLabel(jumpOptions, link.jump)],
        ['weight', link.weight],
        ['pr', link.pr],
        ['deadline', link.deadline || t('links.longTerm')],
        ['platform', link.platform || '—'],
        ['phone', link.phone || '—'],
        ['adder', link.adder || '—'],
        ['anchor', link.anchor || '—'],
        ['status', t(link.status === 1 ? 'common.statusActive' : 'common.statusDisabled')],
        ['sort', link.sort],
        ['created_at', formatDateTime(link.created_at)],
      ]
    : [];
  return (
    <Stack gap="4" maxW="1100px" data-testid="page-linkInfo">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Button size="sm" variant="ghost" onClick={leave}>
          <ArrowLeft /> {t('links.back')}
        </Button>
        <HStack gap="2" flexWrap="wrap">
          {link && mayOpen(UPDATE_PATH) && (
            <Button size="sm" variant="outline" onClick={() => navigate(`${UPDATE_PATH}?id=${link.id}`)} data-testid="link-edit">
              <Pencil /> {t('links.edit')}
            </Button>
          )}
          {link && mayUse('link') && (
            <Button size="sm" colorPalette="blue" loading={info.check.busy} onClick={() => info.check.check([link.id])} data-testid="link-check">
              <SearchCheck /> {t('links.check')}
            </Button>
          )}
        </HStack>
      </HStack>
      <CheckProgress check={info.check} />
      {info.failed && <LoadError message={info.error} onRetry={info.reload} />}
      <Card.Root size="sm" variant="outline">
        <Card.Header pb="0">
          <HStack gap="3" flexWrap="wrap">
            {link?.logo && <Image src={link.logo} alt="" h="28px" w="auto" />}
            <Card.Title fontSize="lg" data-testid="link-name">
              {link?.name ?? <Skeleton h="24px" w="200px" />}
            </Card.Title>
            {link && <LinkFlags flags={link.flags} id={link.id} />}
          </HStack>
        </Card.Header>
        <Card.Body>
          {link ? (
            <DataList.Root orientation="horizontal" size="sm" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} columnGap="8" rowGap="2">
              {rows.map(([name, value]) => (
                <DataList.Item key={name} minW="0">
                  <DataList.ItemLabel minW="120px">{field(name)}</DataList.ItemLabel>
                  <DataList.ItemValue minW="0">{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          ) : (
            <Stack gap="2">
              <Skeleton h="20px" />
              <Skeleton h="20px" />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm" variant="outline" data-testid="link-checks">
        <Card.Header pb="0">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Card.Title fontSize="md">{t('links.records')}</Card.Title>
            {link && (
              <HStack gap="2">
                <Text fontSize="sm" color="fg.muted">
                  {field('last_check')}
                </Text>
                <CheckBadge status={link.last_check} testId="link-last-check" />
                {link.missing_streak > 0 && (
                  <Badge size="sm" variant="outline" colorPalette="red">
                    {t('links.missingStreak', { count: link.missing_streak })}
                  </Badge>
                )}
              </HStack>
            )}
          </HStack>
        </Card.Header>
        <Card.Body>
          {info.checks.length === 0 ? (
            <EmptyState.Root size="sm">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <History />
                </EmptyState.Indicator>
                <EmptyState.Description>{t('links.noRecords')}</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Stack as="ol" gap="0" listStyleType="none" ms="0" aria-label={t('links.records')}>
              {info.checks.map((c) => (
                <Stack as="li" key={c.id} gap="1" py="2.5" borderTopWidth="1px" borderColor="border.muted" data-testid={`check-record-${c.id}`}>
                  <HStack gap="3" flexWrap="wrap">
                    <CheckBadge status={c.status} />
                    <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(c.checked_at)}
                    </Text>
                  </HStack>
                  <Text fontSize="sm">{t(`links.statusHint.${c.status}`)}</Text>
                  {c.detail && (
                    <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                      {c.status === 'fetch_error' ? t('links.fetchDetail', { detail: fetchReason(c.detail) }) : t('links.anchorSeen', { text: c.detail })}
                    </Text>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
