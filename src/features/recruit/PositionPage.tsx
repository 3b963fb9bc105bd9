import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus, RefreshCw, Trash2 } from 'lucide-react';
import { positionResource } from '../../../models/resources/recruit';
import { POSITION_STATUS, type Position } from '../../../models/position';
import { t } from '../../i18n';
import { usePermissions } from '../../app/permissions';
import { LoadError } from '../../components/LoadError';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { Filters } from '../resource/Filters';
import { Pagination } from '../resource/Pagination';
import { ResourceTable } from '../resource/ResourceTable';
import { useResourceScreen } from '../resource/ResourceView';
import { PositionFormDialog } from './PositionFormDialog';

const def = positionResource;
const BLANK = {
  title: '',
  headcount: 1,
  negotiable: true,
  salary_min: 0,
  salary_max: 0,
  education: '',
  experience: '',
  description: '',
  status: POSITION_STATUS.open,
  deadline: '',
  sort: 0,
};

/** The salary as the list shows it: a range, an upper bound, or "negotiable". */
export function salaryText(p: Pick<Position, 'negotiable' | 'salary_min' | 'salary_max'>): string {
  if (p.negotiable) return t('recruit.negotiable');
  return p.salary_min > 0 ? `${p.salary_min}–${p.salary_max}` : `≤ ${p.salary_max}`;
}

/** Positions of the current site (/Job/index): filters, the list with whether each is on the public site, the add/edit dialog, delete. */
export default function PositionPage() {
  const { list, form } = useResourceScreen(def);
  const { mayUse } = usePermissions();
  const mayWrite = mayUse(def.menu);
  return (
    <Stack gap="3" data-testid="page-position">
      <Filters resource={def.name} filters={def.list.filters} list={list} />
      <HStack gap="2" flexWrap="wrap">
        {mayWrite && (
          <Button size="sm" colorPalette="blue" onClick={() => form.openCreate(BLANK)} data-testid="create">
            <Plus /> {t('common.create')}
          </Button>
        )}
        {mayWrite && (
          <Button size="sm" variant="outline" colorPalette="red" disabled={list.selected.length === 0} onClick={() => list.requestDelete(list.selected)} data-testid="bulk-delete">
            <Trash2 /> {t('common.bulkDelete')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={list.reload} aria-label={t('common.refresh')}>
          <RefreshCw />
        </Button>
        {list.selected.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('common.selected', { count: list.selected.length })}
          </Text>
        )}
      </HStack>
      {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
      <ResourceTable
        def={mayWrite ? def : { ...def, actions: [] }}
        list={list}
        rows={list.rows}
        onEdit={mayWrite ? form.openEdit : undefined}
        renderCell={(column, raw) => {
          const row = raw as unknown as Position;
          switch (column.name) {
            case 'title':
              return (
                <HStack gap="1.5" flexWrap="wrap">
                  <Text as="span" fontWeight="medium">
                    {row.title}
                  </Text>
                  {row.listed && (
                    <Badge size="sm" colorPalette="green" variant="subtle" data-testid={`listed-${row.id}`}>
                      {t('recruit.listed')}
                    </Badge>
                  )}
                </HStack>
              );
            case 'salary_max':
              return <Text as="span" whiteSpace="nowrap">{salaryText(row)}</Text>;
            case 'deadline':
              return row.deadline || <Text as="span" color="fg.muted">—</Text>;
            default:
              return undefined;
          }
        }}
      />
      <Box>
        <Pagination page={list.query.page} limit={list.query.limit} count={list.count} onPage={list.setPage} onLimit={list.setLimit} />
      </Box>
      <PositionFormDialog form={form} />
      <DeleteConfirm list={list} soft={def.softDelete} />
    </Stack>
  );
}
