import { Box, Button, Flex, HStack, IconButton, Text, chakra } from '@chakra-ui/react';
import externalLink from 'virtual:lucide/ExternalLink';
import chevronDown from 'virtual:lucide/ChevronDown';
import eraser from 'virtual:lucide/Eraser';
import logOut from 'virtual:lucide/LogOut';
import panelLeft from 'virtual:lucide/PanelLeft';
import search from 'virtual:lucide/Search';
import userRound from 'virtual:lucide/UserRound';
import { menuTitle, useT } from '../i18n';
import { LanguageSwitch } from './LanguageSwitch';
import type { Shell } from './useShell';
import { MenuIcon } from '../components/Icon';
import { LineIcon } from '../components/LineIcon';
import { Logo } from '../components/Logo';
import { PopupItem, PopupMenu, usePopup } from '../components/PopupMenu';
import { paletteStore } from './paletteStore';

// Between the phone layout and 1280 px the secondary items show as icons only, so the top bar keeps one row.
const WIDE_ONLY = { base: 'none', xl: 'inline' } as const;

/**
 * The site switcher: a native select styled as Chakra's NativeSelect (size sm, outline), whose component and
 * recipes (with the custom select's they build on) the shell can do without.
 */
export function SiteSwitcher({ shell, width = { base: '140px', xl: '180px' } }: { shell: Shell; width?: string | { base: string; xl: string } }) {
  const { t } = useT();
  return (
    <Box position="relative" width={width} flexShrink={0}>
      {/* Its own background: in the phone drawer it sits on the dark menu. */}
      <chakra.select
        appearance="none"
        w="full"
        minW="0"
        h="9"
        ps="2.5"
        pe="8"
        textStyle="sm"
        lineHeight="normal"
        bg="bg"
        color="fg"
        borderWidth="1px"
        borderColor="border"
        rounded="l2"
        outline="0"
        focusVisibleRing="inside"
        css={{ '& > option': { bg: 'bg' } }}
        aria-label={t('layout.site')}
        title={t('layout.site')}
        data-testid="site-switcher"
        value={shell.siteId ?? ''}
        onChange={(e) => shell.selectSite(Number(e.currentTarget.value))}
      >
        {shell.sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </chakra.select>
      <Box as="span" position="absolute" insetEnd="2" top="50%" transform="translateY(-50%)" display="inline-flex" pointerEvents="none" color="fg.muted">
        <LineIcon d={chevronDown} size={16} />
      </Box>
    </Box>
  );
}

export function TopGroups({ shell, direction = 'row' }: { shell: Shell; direction?: 'row' | 'column' }) {
  return (
    <Flex gap="1" direction={direction} minW="0" data-testid="top-menu">
      {shell.menu.map((g) => (
        <Button
          key={g.key}
          size="sm"
          // With many groups on a narrow screen the labels give way (down to the icon) before anything spills.
          flexShrink={1}
          minW="14"
          title={menuTitle(g.title)}
          variant={g.key === shell.group?.key ? 'subtle' : 'ghost'}
          colorPalette={g.key === shell.group?.key ? 'blue' : 'gray'}
          justifyContent="flex-start"
          onClick={() => shell.chooseGroup(g.key)}
          data-testid={`top-menu-${g.key}`}
        >
          <MenuIcon name={g.icon} />
          <Text as="span" truncate>
            {menuTitle(g.title)}
          </Text>
        </Button>
      ))}
    </Flex>
  );
}

export function TopBar({ shell }: { shell: Shell }) {
  const { t } = useT();
  return (
    <Flex as="header" h="52px" px="3" gap="2" align="center" bg="bg" borderBottomWidth="1px" flexShrink={0} data-testid="top-bar">
      <IconButton size="sm" variant="ghost" aria-label={t('layout.toggleSidebar')} onClick={shell.toggleSidebar} data-testid="sidebar-toggle">
        <LineIcon d={panelLeft} />
      </IconButton>
      <Box mr="2">
        <Logo />
      </Box>
      {!shell.mobile && <TopGroups shell={shell} />}
      <Box flex="1" />
      <Button
        size="sm"
        variant="outline"
        color="fg.muted"
        flexShrink={0}
        onClick={() => paletteStore.set(true)}
        title={`${t('layout.searchMenu')} (Ctrl/⌘ K)`}
        aria-label={t('layout.searchMenu')}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="menu-search"
      >
        <LineIcon d={search} />
        <Text as="span" display={WIDE_ONLY}>
          {t('layout.searchMenu')}
        </Text>
      </Button>
      {!shell.mobile && (
        <HStack gap="1" data-testid="top-actions">
          <Button asChild size="sm" variant="ghost" title={t('layout.home')} aria-label={t('layout.home')}>
            <a href={shell.siteHome} target="_blank" rel="noreferrer" data-testid="site-home">
              <LineIcon d={externalLink} />
              <Text as="span" display={WIDE_ONLY}>
                {t('layout.home')}
              </Text>
            </a>
          </Button>
          <Button size="sm" variant="ghost" onClick={shell.clearCache} title={t('layout.clearCache')} aria-label={t('layout.clearCache')} data-testid="clear-cache">
            <LineIcon d={eraser} />
            <Text as="span" display={WIDE_ONLY}>
              {t('layout.clearCache')}
            </Text>
          </Button>
          <SiteSwitcher shell={shell} />
        </HStack>
      )}
      <LanguageSwitch />
      <UserMenu shell={shell} />
    </Flex>
  );
}

/** The user's initials in a circle: Chakra's Avatar would bring a state machine for an image the top bar never shows. */
function Initials({ name }: { name: string }) {
  const words = name.trim().split(/\s+/);
  const initials = words.length > 1 ? `${words[0]!.charAt(0)}${words.at(-1)!.charAt(0)}` : words[0]!.charAt(0) || '?';
  return (
    <Box as="span" display="inline-flex" alignItems="center" justifyContent="center" flexShrink={0} boxSize="8" rounded="full" bg="blue.muted" color="blue.fg" fontSize="xs" fontWeight="medium" lineHeight="1" textTransform="uppercase" userSelect="none">
      {initials}
    </Box>
  );
}

/** The signed-in user's menu: personal center and sign-out (and, on a phone, the top bar's hidden actions). */
function UserMenu({ shell }: { shell: Shell }) {
  const { t } = useT();
  const menu = usePopup();
  return (
    <Box position="relative" flexShrink={0}>
      <Button size="sm" variant="ghost" data-testid="user-menu" px="1" aria-haspopup="menu" aria-expanded={menu.open} onClick={menu.toggle}>
        <Initials name={shell.userName} />
        {!shell.mobile && (
          <Text maxW="120px" truncate display={WIDE_ONLY}>
            {shell.userName}
          </Text>
        )}
      </Button>
      <PopupMenu open={menu.open} onClose={menu.close} anchor={{ align: 'end' }} minW="180px">
        {shell.mobile && (
          <>
            <PopupItem close={menu.close} onSelect={() => window.open(shell.siteHome, '_blank', 'noreferrer')}>
              <LineIcon d={externalLink} size={14} /> {t('layout.home')}
            </PopupItem>
            <PopupItem close={menu.close} onSelect={shell.clearCache}>
              <LineIcon d={eraser} size={14} /> {t('layout.clearCache')}
            </PopupItem>
          </>
        )}
        <PopupItem close={menu.close} onSelect={shell.openPersonal} data-testid="open-personal">
          <LineIcon d={userRound} size={14} /> {t('layout.personal')}
        </PopupItem>
        <PopupItem close={menu.close} onSelect={shell.logout} data-testid="logout" color="fg.error">
          <LineIcon d={logOut} size={14} /> {t('layout.logout')}
        </PopupItem>
      </PopupMenu>
    </Box>
  );
}
