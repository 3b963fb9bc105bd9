import { Button, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { ChevronDown, Eye } from 'lucide-react';
import { inquiryResource } from '../../../models/resources/inquiry';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../models/inquiry';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';
import { useInquiryDesk } from './useInquiryDesk';
import { InquiryDialog } from './InquiryDialog';
import { InquiryStatusBadge } from './InquiryStatusBadge';

/** The current site's inquiries: the list, one inquiry in a dialog, status marks and deletion (single and bulk). */
export default function InquiryPage() {
  const { list, form } = useResourceScreen(inquiryResource);
  const desk = useInquiryDesk(list.reload);
  const markSelected = (status: InquiryStatus) => desk.mark(list.selected, status);
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
