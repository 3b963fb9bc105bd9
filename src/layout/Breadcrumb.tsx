import { Breadcrumb } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { useStore } from '../app/store';
import { shellStore } from '../app/shellStore';
import { menuTitle, t } from '../i18n';
import { chainTo, highlightPath, withDynamic } from './menuModel';
import type { MenuItem } from '../../models/menu';
import type { ScreenRoute } from '../routes/registry';

/**
 * The chain of menu items down to a page. A guide sub-page, or a column's add/edit page, shows under
 * the list page it belongs to.
 */
function crumbs(menu: MenuItem[], path: string): MenuItem[] {
  const own = chainTo(menu, path);
  const listPath = highlightPath(menu, path);
  if (listPath === path) return own;
  const list = chainTo(menu, listPath);
  return own.length ? [...list, own[own.length - 1]!] : list;
}

/** The matched routes with titles: group › section › page (guide pages show under their list page). */
export function PageBreadcrumb({ route }: { route: ScreenRoute | undefined }) {
  const [location] = useLocation();
  const shell = useStore(shellStore);
  const menu = withDynamic(shell.menu, shell.dynamic);
  const titles = crumbs(menu, location).map((c) => menuTitle(c.title));
  // Pages outside the menu (dashboard, 404, a column's add/edit page) end with their own title.
  if (!chainTo(menu, location).length) titles.push(t(route?.title ?? 'menu.notFound'));
  return (
    <Breadcrumb.Root size="sm" data-testid="breadcrumb">
      <Breadcrumb.List>
        {titles.map((title, i) => (
          <Breadcrumb.Item key={i}>
            {i < titles.length - 1 ? (
              <>
                <Breadcrumb.Link color="fg.muted">{title}</Breadcrumb.Link>
                <Breadcrumb.Separator />
              </>
            ) : (
              <Breadcrumb.CurrentLink>{title}</Breadcrumb.CurrentLink>
            )}
          </Breadcrumb.Item>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
