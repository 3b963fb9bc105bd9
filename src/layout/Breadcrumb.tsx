import { Breadcrumb } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { useStore } from '../app/store';
import { shellStore } from '../app/shellStore';
import { menuTitle, t } from '../i18n';
import { chainTo } from './menuModel';
import type { ScreenRoute } from '../routes/registry';

/** The matched routes with titles: group › section › page (guide pages show under their list page). */
export function PageBreadcrumb({ route }: { route: ScreenRoute | undefined }) {
  const [location] = useLocation();
  const { menu } = useStore(shellStore);
  const chain = chainTo(menu, location);
  const guideChain = chain.length && chain[chain.length - 1]!.guide ? chainTo(menu, chain[chain.length - 1]!.guide) : [];
  const crumbs = guideChain.length ? [...guideChain, chain[chain.length - 1]!] : chain;
  const titles = crumbs.length ? crumbs.map((c) => menuTitle(c.title)) : [t(route?.title ?? 'menu.notFound')];
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
