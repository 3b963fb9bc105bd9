import { CloseButton, Drawer, Image, Portal, Text } from '@chakra-ui/react';
import { slideResource } from '../../../models/resources/marketing';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';

export interface SlideGroup {
  id: number;
  name: string;
}

/** One group's slides, in a drawer beside the group list; mounted per group so each has its own list. */
export function SlidesDrawer({ group, onClose }: { group: SlideGroup; onClose: () => void }) {
  const { list, form } = useResourceScreen(slideResource, { filters: { cate_id: group.id }, inUrl: false });
  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} placement="end" size={{ base: 'full', md: 'xl' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="slides-drawer">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title fontSize="md">{t('marketing.slides.drawerTitle', { name: group.name })}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              <ResourceView
                def={slideResource}
                list={list}
                form={form}
                showFilters={false}
                defaults={{ cate_id: group.id, status: 1, sort: 0, link: '' }}
                renderCell={(column, row) => {
                  if (column.name === 'image') {
                    return row.image ? (
                      <Image src={String(row.image)} alt={String(row.title)} h="40px" w="80px" objectFit="cover" rounded="sm" bg="bg.muted" fontSize="xs" overflow="hidden" />
                    ) : (
                      <Text color="fg.muted">{t('marketing.slides.noImage')}</Text>
                    );
                  }
                  if (column.name === 'link' || column.name === 'title') {
                    return (
                      <Text maxW={column.name === 'link' ? '220px' : '160px'} truncate title={String(row[column.name] ?? '')}>
                        {String(row[column.name] || '—')}
                      </Text>
                    );
                  }
                  return undefined;
                }}
              />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} data-testid="slides-drawer-close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
