import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Box, Button, Card, Code, Grid, Heading, HStack, Link, SegmentGroup, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { History, Power, PowerOff, Settings, Trash, Download } from 'lucide-react';
import type { PluginListItem, PluginState } from '../../../models/plugin';
import { t } from '../../i18n';
import { usePermissions } from '../../app/permissions';
import { navigateTo } from '../../app/root';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { refreshUserMenu, usePlugins, type PluginView, type Plugins } from './usePlugins';
import { usePluginSettings } from './usePluginSettings';
import { PluginSettingsDialog } from './PluginSettingsDialog';
import { PluginTrailDrawer } from './PluginTrailDrawer';

// The market tab is P3's (src/features/plugins/MarketTab.tsx), loaded only when opened.
const MarketTab = lazy(() => import('./MarketTab'));

const TABS = ['installed', 'market'] as const;
type Tab = (typeof TABS)[number];

const STATE_COLOR: Record<PluginState, string> = {
  notInstalled: 'gray',
  installing: 'blue',
  enabled: 'green',
  disabled: 'orange',
  uninstalling: 'blue',
  failed: 'red',
};

export function PluginStateBadge({ state }: { state: PluginState }) {
  return (
    <Badge colorPalette={STATE_COLOR[state]} variant="subtle" data-testid="plugin-state" data-state={state}>
      {t(`plugins.states.${state}`)}
    </Badge>
  );
}

function PluginCard({ view, p, onSettings }: { view: PluginView; p: Plugins; onSettings: (item: PluginListItem) => void }) {
  const { item } = view;
  const { mayOpen } = usePermissions();
  return (
    <Card.Root size="sm" variant="outline" data-testid={`plugin-${item.id}`}>
      <Card.Header>
        <HStack justify="space-between" align="start" gap="2">
          <Stack gap="0.5" minW="0">
            <Heading size="sm" wordBreak="break-word">
              {item.name}
            </Heading>
            <Text fontSize="xs" color="fg.muted">
              <Code size="sm">{item.id}</Code> · {item.version ? t('plugins.version', { version: item.version }) : t('plugins.available', { version: item.available_version })} ·{' '}
              {t('plugins.author', { author: item.author })}
            </Text>
          </Stack>
          <HStack gap="1" flexShrink={0}>
            <Badge variant="outline" size="sm">
              {t(`plugins.sources.${item.source}`)}
            </Badge>
            <PluginStateBadge state={view.snapshot.value as PluginState} />
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <Text fontSize="sm">{item.description}</Text>
        <Stack gap="1">
          <Text fontSize="xs" color="fg.muted">
            {t('plugins.capabilities')}
          </Text>
          <Wrap gap="1">
            {item.capabilities.length ? (
              item.capabilities.map((c) => (
                <Badge key={c} size="sm" variant="surface" title={c}>
                  {t(`plugins.capability.${c.replace('.', '_')}`)}
                </Badge>
              ))
            ) : (
              <Text fontSize="xs">{t('plugins.noCapabilities')}</Text>
            )}
          </Wrap>
        </Stack>
        {item.menus.length > 0 && (
          <Stack gap="1">
            <Text fontSize="xs" color="fg.muted">
              {t('plugins.menus')}
            </Text>
            <Stack as="ul" gap="0.5" fontSize="sm" listStyleType="none">
              {item.menus.map((m) => (
                <Box as="li" key={m.page}>
                  {view.snapshot.hasTag('active') && mayOpen(m.path) ? (
                    <Link color="blue.fg" onClick={() => navigateTo(m.path)} data-testid={`plugin-menu-${item.id}-${m.page}`}>
                      {m.title}
                    </Link>
                  ) : (
                    <Text color="fg.muted">{m.title}</Text>
                  )}
                </Box>
              ))}
            </Stack>
          </Stack>
        )}
        {view.snapshot.hasTag('failed') && (
          <Alert.Root status="error" size="sm" data-testid="plugin-error">
            <Alert.Indicator />
            <Alert.Title wordBreak="break-word">{t('plugins.lastError', { error: view.snapshot.context.lastError || item.last_error })}</Alert.Title>
          </Alert.Root>
        )}
      </Card.Body>
      <Card.Footer>
        <Wrap gap="2">
          {view.canInstall && (
            <Button size="xs" colorPalette="blue" onClick={() => void p.install(item)} data-testid={`install-${item.id}`}>
              <Download />
              {t('plugins.install')}
            </Button>
          )}
          {view.canEnable && (
            <Button size="xs" colorPalette="green" variant="outline" onClick={() => void p.enable(item)} data-testid={`enable-${item.id}`}>
              <Power />
              {t('plugins.enable')}
            </Button>
          )}
          {view.canDisable && (
            <Button size="xs" variant="outline" onClick={() => void p.disable(item)} data-testid={`disable-${item.id}`}>
              <PowerOff />
              {t('plugins.disable')}
            </Button>
          )}
          {view.canConfigure && (
            <Button size="xs" variant="outline" onClick={() => onSettings(item)} data-testid={`settings-${item.id}`}>
              <Settings />
              {t('plugins.settings')}
            </Button>
          )}
          {view.canUninstall && (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => p.askUninstall(item)} data-testid={`uninstall-${item.id}`}>
              <Trash />
              {t('plugins.uninstall')}
            </Button>
          )}
          {view.busy && <Spinner size="sm" />}
          <Button size="xs" variant="ghost" onClick={() => p.openTrail(item)} data-testid={`trail-${item.id}`}>
            <History />
            {t('plugins.trail')}
          </Button>
        </Wrap>
      </Card.Footer>
    </Card.Root>
  );
}

function InstalledTab({ p }: { p: Plugins }) {
  const settings = usePluginSettings(p.reload);
  const settingsName = p.plugins.find((v) => v.item.id === p.settingsOf?.id)?.item.name ?? '';
  const openSettings = (item: PluginListItem) => {
    p.openSettings(item);
    settings.openFor(item.id);
  };
  if (p.loadError) return <LoadError message={p.loadError} onRetry={p.reload} />;
  if (!p.loaded) return <Spinner />;
  return (
    <>
      {p.plugins.length === 0 ? (
        <Text color="fg.muted">{t('plugins.empty')}</Text>
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))', '2xl': 'repeat(3, minmax(0, 1fr))' }} gap="3" data-testid="plugin-list">
          {p.plugins.map((v) => (
            <PluginCard key={v.item.id} view={v} p={p} onSettings={openSettings} />
          ))}
        </Grid>
      )}
      <PluginSettingsDialog form={settings} name={settingsName} />
      <ConfirmDialog
        open={p.confirming !== null}
        title={t('plugins.uninstallTitle')}
        body={
          p.confirming ? (
            <Stack gap="2" data-testid="uninstall-tables">
              <Text>{t(p.confirming.tables.length ? 'plugins.uninstallBody' : 'plugins.uninstallNoTables', { name: p.confirming.name })}</Text>
              {p.confirming.tables.length > 0 && (
                <Stack as="ul" gap="0.5" ps="5" listStyleType="disc">
                  {p.confirming.tables.map((table) => (
                    <Box as="li" key={table}>
                      <Code size="sm">{table}</Code>
                    </Box>
                  ))}
                </Stack>
              )}
            </Stack>
          ) : (
            ''
          )
        }
        confirmLabel={t('plugins.uninstall')}
        cancelLabel={t('common.cancel')}
        onConfirm={p.confirmUninstall}
        onCancel={p.cancelUninstall}
        danger
        testId="uninstall-confirm"
      />
      <PluginTrailDrawer name={p.trailOf?.name ?? ''} open={p.trailOf !== null} trail={p.trail} onClose={p.closeTrail} />
    </>
  );
}

/** /Plugin/index: the plugins (installed tab) and the market (P3's tab). */
export default function PluginListPage() {
  const p = usePlugins();
  const [tab, setTab] = useState<Tab>('installed');
  return (
    <Box p={{ base: '3', md: '4' }} data-testid="plugin-page">
      <Stack gap="1" mb="3">
        <Heading size="md">{t('plugins.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('plugins.hint')}
        </Text>
      </Stack>
      <SegmentGroup.Root size="sm" value={tab} onValueChange={(e) => e.value && setTab(e.value as Tab)} mb="3" data-testid="plugin-tabs">
        <SegmentGroup.Indicator />
        {TABS.map((v) => (
          <SegmentGroup.Item key={v} value={v} data-testid={`tab-${v}`}>
            <SegmentGroup.ItemText>{t(v === 'installed' ? 'plugins.tabInstalled' : 'plugins.tabMarket')}</SegmentGroup.ItemText>
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </SegmentGroup.Root>
      {tab === 'installed' ? (
        <InstalledTab p={p} />
      ) : (
        <Suspense fallback={<Text color="fg.muted">{t('plugins.marketLoading')}</Text>}>
          <MarketTab
            onChanged={() => {
              p.reload();
              void refreshUserMenu();
            }}
            revision={p.plugins.map((v) => `${v.item.id}:${v.item.state}:${v.item.version}`).join(',')}
          />
        </Suspense>
      )}
    </Box>
  );
}
