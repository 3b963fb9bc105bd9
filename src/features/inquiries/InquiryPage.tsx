import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { Button, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { ChevronDown, Eye } from 'lucide-react';
import { inquiryAssigneeOptions, inquiryCateOptions, inquiryResource } from '../../../models/resources/inquiry';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../models/inquiry';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';
import { useOptions } from '../resource/optionsStore';
import { useInquiryDesk } from './useInquiryDesk';
import { InquiryDialog } from './InquiryDialog';
import { InquiryStatusBadge } from './InquiryStatusBadge';

/** The current site's inquiries: the list with its filters, one inquiry in a dialog (handling and replies), bulk status marks and deletion. */
export default function InquiryPage() {
  const { list, form } = useResourceScreen(inquiryResource);
  const desk = useInquiryDesk(list.reload);
  const markSelected = (status: InquiryStatus) => desk.mark(list.selected, status);
  const cates = useOptions(inquiryCateOptions);
  const assignees = useOptions(inquiryAssigneeOptions);
  // /Inquiry/index?id=N (a link from the e-mail inbox) opens that inquiry.
  const linked = Number(new URLSearchParams(useSearch()).get('id')) || 0;
  const deskShow = desk.show;
  useEffect(() => {
    if (linked > 0) deskShow(linked);
    // Once per address: the desk's actor is stable, its `show` wrapper is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);
  const labelOf = (options: typeof cates, value: unknown) => (value === null || value === undefined ? '—' : (options?.find((o) => o.value === value)?.label ?? `#${String(value)}`));
  return (
    <>
      <ResourceView
        def={inquiryResource}
        list={list}
        form={form}
        toolbar={
          <Menu.Root>
            <Menu.Trigger asChild>
              <Button size="sm" variant="outline" disabled={list.selected.length === 0 || desk.busy} data-testid="bulk-mark">
                {t('inquiries.markAs')} <ChevronDown />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  {INQUIRY_STATUSES.map((s) => (
                    <Menu.Item key={s} value={String(s)} onSelect={() => markSelected(s)} data-testid={`bulk-mark-${s}`}>
                      {t(`resources.inquiry.statuses.${s}`)}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        }
        renderCell={(column, row) => {
          if (column.name === 'status') return <InquiryStatusBadge status={Number(row.status)} />;
          if (column.name === 'cate_id') return labelOf(cates, row.cate_id);
          if (column.name === 'assignee_id') return labelOf(assignees, row.assignee_id);
          if (column.name === 'content')
            return (
              <Text maxW={{ base: '120px', md: '260px' }} truncate title={String(row.content ?? '')}>
                {String(row.content ?? '')}
              </Text>
            );
          if (column.name === 'name')
            return (
              <Button variant="plain" size="sm" px="0" h="auto" colorPalette="blue" fontWeight={row.status === 0 ? 'bold' : 'normal'} onClick={() => desk.show(row.id)} data-testid={`open-${row.id}`}>
                {String(row.name ?? '')}
              </Button>
            );
          return undefined;
        }}
        rowActions={(row) => (
          <IconButton size="xs" variant="ghost" aria-label={t('inquiries.view')} title={t('inquiries.view')} onClick={() => desk.show(row.id)} data-testid={`view-${row.id}`}>
            <Eye />
          </IconButton>
        )}
      />
      <InquiryDialog
        desk={desk}
        onDelete={(id) => {
          desk.close();
          list.requestDelete([id]);
        }}
      />
    </>
  );
}
