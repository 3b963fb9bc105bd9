import { Button, HStack, Input } from '@chakra-ui/react';
import { OptionSelect } from '../../components/OptionSelect';
import { Search, RotateCcw } from 'lucide-react';
import type { FilterDef } from '../../../models/resource';
import { t } from '../../i18n';
import { useOptions } from './optionsStore';
import type { ResourceList } from './useResourceList';

function FilterControl({ resource, filter, list }: { resource: string; filter: FilterDef; list: ResourceList }) {
  const options = useOptions(filter.options);
  const label = t(`resources.${resource}.fields.${filter.name}`);
  const value = list.draft[filter.name];
  if (filter.kind === 'select') {
    return (
      <OptionSelect
        size="sm"
        width="150px"
        ariaLabel={label}
        testId={`filter-${filter.name}`}
        value={value}
        options={options}
        emptyLabel={`${label}: ${t('common.all')}`}
        onChange={(v) => list.setFilter(filter.name, v)}
      />
    );
  }
  if (filter.kind === 'dateRange') {
    return (
      <HStack gap="1">
        <Input size="sm" type="date" width="150px" aria-label={t('common.dateFrom')} title={t('common.dateFrom')} value={String(list.draft.start ?? '')} onChange={(e) => list.setFilter('start', e.currentTarget.value || undefined)} />
        <Input size="sm" type="date" width="150px" aria-label={t('common.dateTo')} title={t('common.dateTo')} value={String(list.draft.end ?? '')} onChange={(e) => list.setFilter('end', e.currentTarget.value || undefined)} />
      </HStack>
    );
  }
  return (
    <Input
      size="sm"
      width="160px"
      placeholder={label}
      aria-label={label}
      data-testid={`filter-${filter.name}`}
      value={String(value ?? '')}
      onChange={(e) => list.setFilter(filter.name, e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && list.applyFilters()}
    />
  );
}

export function Filters({ resource, filters, list }: { resource: string; filters: readonly FilterDef[]; list: ResourceList }) {
  if (!filters.length) return null;
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="filters">
      {filters.map((f) => (
        <FilterControl key={f.name} resource={resource} filter={f} list={list} />
      ))}
      <Button size="sm" colorPalette="blue" onClick={list.applyFilters} data-testid="filter-apply">
        <Search /> {t('common.search')}
      </Button>
      <Button size="sm" variant="outline" onClick={list.resetFilters}>
        <RotateCcw /> {t('common.reset')}
      </Button>
    </HStack>
  );
}
