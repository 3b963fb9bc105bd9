import { useEffect } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Switch, Text } from '@chakra-ui/react';
import { GitBranchPlus, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { websiteResource } from '../../../models/resources/sites';
import type { Row } from '../../../machines/resourceList.machine';
import { MAX_PAGE_SIZE } from '../../../models/constants';
import { STATUS_ACTIVE, STATUS_DISABLED } from '../../../models/common';
import { t } from '../../i18n';
import { post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { LoadError } from '../../components/LoadError';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { useResourceList } from '../resource/useResourceList';
import { useResourceForm } from '../resource/useResourceForm';
import { ResourceTable } from '../resource/ResourceTable';
import { ResourceFormDialog } from '../resource/ResourceFormDialog';
import { Filters } from '../resource/Filters';
import { Pagination } from '../resource/Pagination';
import { refreshSites } from './refreshSites';

type SiteRow = Row & { name: string; domain: string; status: number; parent_id: number; sort: number; depth?: number };

const defaults = { parent_id: 0, status: STATUS_ACTIVE, sort: 0 };
const prepare = ({ id, parent_id, name, domain, status, sort }: Record<string, unknown>) => ({ id, parent_id: parent_id ?? 0, name, domain, status, sort });

/** Sites and sub-sites as a tree table (/Website/index); the top bar's switcher follows every change. */
export default function WebsitePage() {
  const def = websiteResource;
  const list = useResourceList(def, { limit: MAX_PAGE_SIZE });
  const form = useResourceForm(def, list.reload, prepare);
  // The list reloads after every create, edit and delete: the switcher follows.
  useEffect(() => {
    void refreshSites();
  }, [list.rows]);

  const setStatus = (row: SiteRow, enabled: boolean) =>
    post('/website/update', prepare({ ...row, status: enabled ? STATUS_ACTIVE : STATUS_DISABLED }))
      .then(({ msg }) => notify('success', msg))
      .catch((e: Error) => notify('error', e.message))
      .finally(list.reload);

  return (
    <Stack gap="3" data-testid="page-website">
      <Filters resource={def.name} filters={def.list.filters} list={list} />
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" colorPalette="blue" onClick={() => form.openCreate(defaults)} data-testid="create">
          <Plus /> {t('common.create')}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" disabled={list.selected.length === 0} onClick={() => list.requestDelete(list.selected)} data-testid="bulk-delete">
          <Trash2 /> {t('common.bulkDelete')}
        </Button>
        <IconButton size="sm" variant="ghost" onClick={list.reload} aria-label={t('common.refresh')}>
          <RefreshCw />
        </IconButton>
        {list.selected.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('common.selected', { count: list.selected.length })}
          </Text>
        )}
      </HStack>
      {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
      <ResourceTable
        def={def}
        list={list}
        rows={list.rows}
        onEdit={form.openEdit}
        renderCell={(column, raw) => {
          const row = raw as SiteRow;
          if (column.name === 'name') {
            return (
              <HStack gap="1.5" pl={`${(row.depth ?? 0) * 20}px`} data-testid={`site-name-${row.id}`}>
                {(row.depth ?? 0) > 0 && <Box as="span" color="fg.subtle">└</Box>}
                <Stack gap="0">
                  <Text as="span" fontWeight={(row.depth ?? 0) === 0 ? 'medium' : 'normal'}>
                    {row.name}
                  </Text>
                  {/* The domain column is hidden on narrow screens: shown under the name instead. */}
                  <Text as="span" fontSize="xs" color="fg.muted" display={{ base: 'block', md: 'none' }}>
                    {row.domain}
                  </Text>
                </Stack>
              </HStack>
            );
          }
          if (column.name === 'domain') return <Badge variant="surface" colorPalette="gray">{row.domain}</Badge>;
          if (column.name === 'status') {
            return (
              <Switch.Root
                size="sm"
                colorPalette="green"
                checked={row.status === STATUS_ACTIVE}
                onCheckedChange={(e) => setStatus(row, e.checked)}
                aria-label={t(row.status === STATUS_ACTIVE ? 'resources.website.disable' : 'resources.website.enable')}
                data-testid={`status-${row.id}`}
              >
                <Switch.HiddenInput />
                <Switch.Control />
              </Switch.Root>
            );
          }
          return undefined;
        }}
        rowActions={(row) => (
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={t('resources.website.addChild')}
            title={t('resources.website.addChild')}
            onClick={() => form.openCreate({ ...defaults, parent_id: row.id })}
            data-testid={`add-child-${row.id}`}
          >
            <GitBranchPlus />
          </IconButton>
        )}
      />
      <Box>
        <Pagination page={list.query.page} limit={list.query.limit} count={list.count} onPage={list.setPage} onLimit={list.setLimit} />
      </Box>
      <ResourceFormDialog def={def} form={form} />
      <DeleteConfirm list={list} soft={true} />
    </Stack>
  );
}
