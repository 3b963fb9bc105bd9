import { useEffect } from 'react';
import { Box, Button, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Info, Plus, RefreshCw, SearchCheck, Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { linkResource } from '../../../models/resources/links';
import type { FriendLink } from '../../../models/friendLink';
import { t } from '../../i18n';
import { useStore } from '../../app/store';
import { usePermissions } from '../../app/permissions';
import { LoadError } from '../../components/LoadError';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { useResourceList } from '../resource/useResourceList';
import { ResourceTable } from '../resource/ResourceTable';
import { Filters } from '../resource/Filters';
import { Pagination } from '../resource/Pagination';
import { formatDateTime } from '../resource/format';
import { CheckBadge, LinkFlags } from './CheckBadge';
import { CheckProgress } from './CheckProgress';
import { useLinkCheck } from './useLinkCheck';
import { ADD_PATH, INFO_PATH, UPDATE_PATH, linksChanged } from './linksStore';

/** The current site's friendly links (/Link/index): flags, the last back-link check, check now, details. */
export default function LinkListPage() {
  const def = linkResource;
  const [, navigate] = useLocation();
  const { mayOpen, mayUse } = usePermissions();
  const list = useResourceList(def);
  const check = useLinkCheck(list.reload);
  const changed = useStore(linksChanged);
  useEffect(() => {
    if (changed) list.reload();
  }, [changed]);
  const mayWrite = mayUse(def.menu);

  return (
    <Stack gap="3" data-testid="page-link">
      <Filters resource={def.name} filters={def.list.filters} list={list} />
      <HStack gap="2" flexWrap="wrap">
        {mayOpen(ADD_PATH) && (
          <Button size="sm" colorPalette="blue" onClick={() => navigate(ADD_PATH)} data-testid="create">
            <Plus /> {t('common.create')}
          </Button>
        )}
        {mayWrite && (
          <Button size="sm" variant="outline" colorPalette="red" disabled={list.selected.length === 0} onClick={() => list.requestDelete(list.selected)} data-testid="bulk-delete">
            <Trash2 /> {t('common.bulkDelete')}
          </Button>
        )}
        {mayWrite && (
          <Button size="sm" variant="outline" disabled={list.selected.length === 0 || check.busy} onClick={() => check.check(list.selected)} data-testid="check-selected">
            <SearchCheck /> {t('links.checkSelected')}
          </Button>
        )}
        <IconButton size="sm" variant="ghost" onClick={list.reload} aria-label={t('common.refresh')}>
          <RefreshCw />
        </IconButton>
        {list.selected.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('common.selected', { count: list.selected.length })}
          </Text>
        )}
      </HStack>
      <CheckProgress check={check} />
      {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
      <ResourceTable
        def={mayWrite ? def : { ...def, actions: [] }}
        list={list}
        rows={list.rows}
        onEdit={mayOpen(UPDATE_PATH) ? (id) => navigate(`${UPDATE_PATH}?id=${id}`) : undefined}
        renderCell={(column, raw) => {
          const row = raw as unknown as FriendLink;
          switch (column.name) {
            case 'name':
              return (
                <HStack gap="1.5" flexWrap="wrap">
                  <Text as="span" fontWeight="medium">
                    {row.name}
                  </Text>
                  <LinkFlags flags={row.flags} id={row.id} />
                </HStack>
              );
            case 'url':
              return (
                <Link href={row.url} target="_blank" rel="noopener noreferrer" color="blue.fg" maxW="260px" truncate display="block" title={row.url}>
                  {row.url}
                </Link>
              );
            case 'deadline':
              return row.deadline || <Text as="span" color="fg.muted">{t('links.longTerm')}</Text>;
            case 'last_check':
              return (
                <Stack gap="0.5" align="flex-start">
                  <CheckBadge status={row.last_check} testId={`last-check-${row.id}`} />
                  {row.last_checked_at && (
                    <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(row.last_checked_at)}
                    </Text>
                  )}
                </Stack>
              );
            default:
              return undefined;
          }
        }}
        rowActions={(raw) => (
          <>
            {mayWrite && (
              <IconButton size="xs" variant="ghost" aria-label={t('links.check')} title={t('links.check')} disabled={check.busy} onClick={() => check.check([raw.id as number])} data-testid={`check-${raw.id}`}>
                <SearchCheck />
              </IconButton>
            )}
            {mayOpen(INFO_PATH) && (
              <IconButton size="xs" variant="ghost" aria-label={t('links.info')} title={t('links.info')} onClick={() => navigate(`${INFO_PATH}?id=${raw.id}`)} data-testid={`info-${raw.id}`}>
                <Info />
              </IconButton>
            )}
          </>
        )}
      />
      <Box>
        <Pagination page={list.query.page} limit={list.query.limit} count={list.count} onPage={list.setPage} onLimit={list.setLimit} />
      </Box>
      <DeleteConfirm list={list} soft={def.softDelete} />
    </Stack>
  );
}
