import { useMemo, useState } from 'react';
import { Badge, Button, Checkbox, EmptyState, HStack, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { CheckCheck, Inbox, RotateCcw, Search, Settings2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { MAX_AUDIT_STEPS, type CheckListItem } from '../../../models/audit';
import { categoryIdFromParam } from '../../../models/account';
import { navigateTo } from '../../app/root';
import { shellStore } from '../../app/shellStore';
import { useStore } from '../../app/store';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { OptionSelect } from '../../components/OptionSelect';
import { t, useT } from '../../i18n';
import { formatDateTime } from '../resource/format';
import { Pagination } from '../resource/Pagination';
import { ChoiceGroup } from './ChoiceGroup';
import { FlowDialog } from './FlowDialog';
import { auditColumnOf, auditPaths } from './paths';
import { useAdmins } from './useAdmins';
import { useCheckList, type CheckList, type Scope } from './useCheckList';

const SITE_FLOW_PAGE = '/WebsiteSetting/index';

function FilterBar({ list, fixed }: { list: CheckList; fixed: number | undefined }) {
  const shell = useStore(shellStore);
  const admins = useAdmins();
  const columns = shell.dynamic.filter((d) => d.parent === 'contentCheck').map((d) => ({ value: Number(categoryIdFromParam(d.param)), label: d.title }));
  // Submitters: the administrators when the caller may list them, plus whoever submitted what is shown.
  const submitters = useMemo(() => {
    const seen = new Map<number, string>(admins.admins.map((a) => [a.id, a.name]));
    for (const r of list.rows) if (!seen.has(r.submitter)) seen.set(r.submitter, r.submitter_name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [admins.admins, list.rows]);
  const steps = Array.from({ length: MAX_AUDIT_STEPS }, (_, i) => ({ value: i + 1, label: t('audit.list.stepN', { step: i + 1 }) }));
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="filters">
      {!fixed && (
        <OptionSelect size="sm" width="160px" testId="filter-category_id" ariaLabel={t('audit.list.column')} value={list.draft.category_id} options={columns} emptyLabel={`${t('audit.list.column')}: ${t('common.all')}`} onChange={(v) => list.setFilter('category_id', v)} />
      )}
      <OptionSelect size="sm" width="130px" testId="filter-step" ariaLabel={t('audit.list.step')} value={list.draft.step} options={steps} emptyLabel={`${t('audit.list.step')}: ${t('common.all')}`} onChange={(v) => list.setFilter('step', v)} />
      <OptionSelect size="sm" width="160px" testId="filter-submitter" ariaLabel={t('audit.list.submitter')} value={list.draft.submitter} options={submitters} emptyLabel={`${t('audit.list.submitter')}: ${t('common.all')}`} onChange={(v) => list.setFilter('submitter', v)} />
      <Input
        size="sm"
        width="180px"
        placeholder={t('audit.list.keyword')}
        aria-label={t('audit.list.keyword')}
        data-testid="filter-keyword"
        value={String(list.draft.keyword ?? '')}
        onChange={(e) => list.setFilter('keyword', e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && list.applyFilters()}
      />
      <Button size="sm" colorPalette="blue" onClick={list.applyFilters} data-testid="filter-apply">
        <Search /> {t('common.search')}
      </Button>
      <Button size="sm" variant="outline" onClick={list.resetFilters}>
        <RotateCcw /> {t('common.reset')}
      </Button>
    </HStack>
  );
}

function StepCell({ row }: { row: CheckListItem }) {
  return (
    <HStack gap="1.5" whiteSpace="nowrap">
      <Text>{t('audit.list.stepOf', { step: row.step, steps: row.steps })}</Text>
      <Badge size="xs" variant="outline" colorPalette={row.mode === 'countersign' ? 'purple' : 'blue'}>
        {t(`audit.mode.${row.mode}`)}
      </Badge>
    </HStack>
  );
}

function CheckTable({ list, open }: { list: CheckList; open: (row: CheckListItem) => void }) {
  const mine = list.rows.filter((r) => r.mine);
  const allChecked = mine.length > 0 && mine.every((r) => list.selected.includes(r.id));
  const wide = { base: 'none', md: 'table-cell' } as const;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" interactive stickyHeader data-testid="table-checkList">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader w="40px">
              <Checkbox.Root size="sm" disabled={!mine.length} checked={allChecked ? true : list.selected.length ? 'indeterminate' : false} onCheckedChange={list.toggleAll} aria-label={t('common.all')}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('audit.list.title')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide}>{t('audit.list.column')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('audit.list.step')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide}>{t('audit.list.submitter')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide} whiteSpace="nowrap">{t('audit.list.submittedAt')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.busy && list.rows.length === 0
            ? Array.from({ length: 4 }, (_, i) => (
                <Table.Row key={i}>
                  <Table.Cell colSpan={7}>
                    <Skeleton height="18px" />
                  </Table.Cell>
                </Table.Row>
              ))
            : list.rows.map((row) => (
                <Table.Row key={row.id} data-testid={`check-row-${row.id}`} data-mine={row.mine ? '' : undefined} cursor="pointer" onClick={() => open(row)}>
                  <Table.Cell onClick={(e) => e.stopPropagation()}>
                    <Checkbox.Root size="sm" disabled={!row.mine} title={row.mine ? undefined : t('audit.list.onlyMine')} checked={list.selected.includes(row.id)} onCheckedChange={() => list.toggleRow(row.id)} aria-label={row.title}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell maxW={{ base: '160px', md: '360px' }}>
                    <Text truncate title={row.title} fontWeight={row.mine ? 'medium' : undefined}>
                      {row.title}
                    </Text>
                    <Text display={{ base: 'block', md: 'none' }} fontSize="xs" color="fg.muted" truncate>
                      {row.category_title} · {row.submitter_name}
                    </Text>
                  </Table.Cell>
                  <Table.Cell display={wide}>{row.category_title}</Table.Cell>
                  <Table.Cell>
                    <StepCell row={row} />
                  </Table.Cell>
                  <Table.Cell display={wide}>{row.submitter_name}</Table.Cell>
                  <Table.Cell display={wide} whiteSpace="nowrap">
                    {formatDateTime(row.submitted_at)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant={row.mine ? 'solid' : 'ghost'} colorPalette="blue" onClick={(e) => (e.stopPropagation(), open(row))} data-testid={`open-audit-${row.id}`}>
                      {t(row.mine ? 'audit.list.open' : 'audit.list.view')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
      {list.empty && (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Inbox />
            </EmptyState.Indicator>
            <EmptyState.Description>{t(list.scope === 'mine' ? 'audit.list.emptyMine' : 'audit.list.empty')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </Table.ScrollArea>
  );
}

/** /Content/checkList (the site's content in review) and /contentCheck/{category_id} (one column's). */
export default function CheckListPage() {
  useT();
  const [location] = useLocation();
  const fixed = auditColumnOf(location);
  const paths = auditPaths(fixed);
  const list = useCheckList(fixed);
  const shell = useStore(shellStore);
  const mayEditFlow = shell.authority.includes(SITE_FLOW_PAGE);
  const [flowOpen, setFlowOpen] = useState(false);
  const column = fixed ? shell.dynamic.find((d) => d.parent === 'contentCheck' && Number(categoryIdFromParam(d.param)) === fixed) : undefined;
  return (
    <Stack gap="3" data-testid="page-checkList">
      <HStack gap="2" flexWrap="wrap" justify="space-between">
        <HStack gap="2" flexWrap="wrap">
          {column && <Text fontWeight="semibold">{column.title}</Text>}
          <ChoiceGroup<Scope> value={list.scope} onChange={list.setScope} testId="check-scope" items={[{ value: 'mine', label: t('audit.list.mine') }, { value: 'all', label: t('audit.list.all') }]} />
          <Button size="sm" colorPalette="green" disabled={!list.selected.length} onClick={list.requestApprove} data-testid="check-all">
            <CheckCheck /> {t('audit.list.approveSelected')}
            {list.selected.length > 0 && ` (${list.selected.length})`}
          </Button>
        </HStack>
        {mayEditFlow && (
          <Button size="sm" variant="outline" onClick={() => setFlowOpen(true)} data-testid="open-site-flow">
            <Settings2 /> {t('audit.list.flowSettings')}
          </Button>
        )}
      </HStack>
      <FilterBar list={list} fixed={fixed} />
      {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
      <CheckTable list={list} open={(row) => navigateTo(paths.audit(row.id))} />
      <Pagination page={list.query.page} limit={list.query.limit} count={list.count} onPage={list.setPage} onLimit={list.setLimit} />
      <ConfirmDialog
        open={list.confirming}
        title={t('audit.list.approveTitle')}
        body={t('audit.list.approveConfirm', { count: list.pendingCount })}
        confirmLabel={t('audit.page.approve')}
        cancelLabel={t('common.cancel')}
        onConfirm={list.confirmApprove}
        onCancel={list.cancelApprove}
        busy={list.approving}
        testId="confirm-check-all"
      />
      {mayEditFlow && <FlowDialog open={flowOpen} onClose={() => setFlowOpen(false)} categoryId={0} title={t('audit.flow.siteTitle')} />}
    </Stack>
  );
}
