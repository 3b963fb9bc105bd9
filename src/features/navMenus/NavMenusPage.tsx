import { useState } from 'react';
import { Box, Button, Card, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { ListTree } from 'lucide-react';
import { navCateResource } from '../../../models/resources/navMenu';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';
import { NavItemsPanel, type NavGroup } from './NavItemsPanel';

/** Front-end menus: groups on the left, the chosen group's item tree on the right (below on phones). */
export default function NavMenusPage() {
  const { list, form } = useResourceScreen(navCateResource);
  const [group, setGroup] = useState<NavGroup | null>(null);
  const choose = (row: { id: number; name?: unknown }) => setGroup({ id: row.id, name: String(row.name ?? '') });
  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(380px, 2fr) 3fr' }} gap="4" alignItems="start" data-testid="nav-menus">
      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">{t('navMenus.groups')}</Heading>
        </Card.Header>
        <Card.Body>
          <ResourceView
            def={navCateResource}
            list={list}
            form={form}
            showFilters={false}
            defaults={{ sort: 0, key: '' }}
            renderCell={(column, row) =>
              column.name === 'name' ? (
                <Button size="xs" variant={group?.id === row.id ? 'solid' : 'ghost'} colorPalette="blue" onClick={() => choose(row)} data-testid={`nav-group-${row.id}`}>
                  {String(row.name ?? '')}
                </Button>
              ) : undefined
            }
            rowActions={(row) => (
              <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => choose(row)} title={t('navMenus.showItems')} aria-label={t('navMenus.showItems')}>
                <ListTree />
              </Button>
            )}
          />
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Body>
          {group ? (
            <NavItemsPanel key={group.id} group={group} onChanged={list.reload} />
          ) : (
            <Box py="10" textAlign="center">
              <Stack align="center" gap="2" color="fg.muted">
                <ListTree />
                <Text fontSize="sm">{t('navMenus.pickGroup')}</Text>
              </Stack>
            </Box>
          )}
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}
